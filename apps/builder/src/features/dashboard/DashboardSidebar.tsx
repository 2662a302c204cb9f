import type { Me } from '@quizbeam/contracts/auth';
import { NavLink } from 'react-router';
import { getClientConfig, pageUrl } from '../../config/clientConfig';
import { AccountAvatar } from './AccountAvatar';
import { type DashboardLink, dashboardLinksFor } from './dashboardLinks';

function SidebarLink({ link }: { link: DashboardLink }) {
  switch (link.kind) {
    case 'route':
      return (
        <NavLink to={link.to} end={link.to === '/'} className="sidebar__link">
          {link.label}
        </NavLink>
      );
    case 'page':
      return (
        <a href={pageUrl(link.path)} className="sidebar__link">
          {link.label}
        </a>
      );
    case 'post':
      return (
        <form method="post" action={pageUrl(link.path)} className="sidebar__form">
          <button type="submit" className="sidebar__link sidebar__link--button">
            {link.label}
          </button>
        </form>
      );
    case 'external':
      return (
        <a href={link.href} target="_blank" rel="noopener noreferrer" className="sidebar__link">
          {link.label}
        </a>
      );
  }
}

export function DashboardSidebar({ me }: { me: Me }) {
  const links = dashboardLinksFor(me, getClientConfig().helpUrl);
  return (
    <aside className="sidebar">
      <AccountAvatar accountName={me.account.name} />
      <nav aria-label="Main">
        <ul className="sidebar__links">
          {links.map((link) => (
            <li key={link.label}>
              <SidebarLink link={link} />
            </li>
          ))}
        </ul>
      </nav>
    </aside>
  );
}
