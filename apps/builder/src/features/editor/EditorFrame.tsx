import type { ReactNode } from 'react';
import { NavLink, Outlet } from 'react-router';
import { getClientConfig } from '../../config/clientConfig';
import { Notification } from '../../ui/notifications/Notification';
import { DeliveryAlertBanner } from '../leads/DeliveryAlertBanner';
import '../../ui/Sidebar.css';
import './EditorFrame.css';

export interface EditorTab {
  label: string;
  /** Relative to the editor's route; '.' is the index tab. */
  to: string;
}

interface EditorFrameProps {
  navigationLabel: string;
  tabs: EditorTab[];
  topBar: ReactNode;
  /** Beside the tab's screen (the live preview). */
  aside?: ReactNode;
}

/**
 * Shared shape of the quiz and template editors: tab sidebar, top bar with actions, the tab's screen and what
 * goes beside it.
 */
export function EditorFrame({ navigationLabel, tabs, topBar, aside }: EditorFrameProps) {
  return (
    <div className="editor-frame">
      <aside className="sidebar editor-frame__sidebar">
        <nav aria-label={navigationLabel}>
          <ul className="sidebar__links">
            {tabs.map((tab) => (
              <li key={tab.label}>
                <NavLink to={tab.to} end={tab.to === '.'} className="sidebar__link">
                  {tab.label}
                </NavLink>
              </li>
            ))}
            <li>
              <a
                href={getClientConfig().helpUrl}
                target="_blank"
                rel="noopener noreferrer"
                className="sidebar__link"
              >
                Help
              </a>
            </li>
          </ul>
        </nav>
      </aside>
      <div className="editor-frame__body">
        <div className="editor-frame__top-bar">{topBar}</div>
        <DeliveryAlertBanner />
        <Notification />
        <div className="editor-frame__workspace">
          <main className="editor-frame__content">
            <Outlet />
          </main>
          {aside}
        </div>
      </div>
    </div>
  );
}
