import { Outlet } from 'react-router';
import { Notification } from '../../ui/notifications/Notification';
import { DeliveryAlertBanner } from '../leads/DeliveryAlertBanner';
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
        <DeliveryAlertBanner />
        <Notification />
        <main className="main-layout__content">
          <Outlet />
        </main>
      </div>
    </div>
  );
}
