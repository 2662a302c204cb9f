import { Outlet } from 'react-router';
import { Notification } from '../../ui/notifications/Notification';
import { useMe } from '../session/useMe';
import { DashboardSidebar } from './DashboardSidebar';
import '../../ui/Sidebar.css';
import './MainLayout.css';

export function MainLayout() {
  const me = useMe();
  return (
    <div className="main-layout">
      <DashboardSidebar me={me} />
      <div className="main-layout__column">
        <Notification />
        <main className="main-layout__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
