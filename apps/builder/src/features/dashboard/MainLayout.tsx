import { Outlet } from 'react-router';
import { useMe } from '../session/useMe';
import { DashboardSidebar } from './DashboardSidebar';
import '../../ui/Sidebar.css';
import './MainLayout.css';

export function MainLayout() {
  const me = useMe();
  return (
    <div className="main-layout">
      <DashboardSidebar me={me} />
      <main className="main-layout__content">
        <Outlet />
      </main>
    </div>
  );
}
