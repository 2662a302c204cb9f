import { Outlet } from 'react-router';
import { LoadingOverlay } from '../../ui/LoadingOverlay';
import { Notification } from '../../ui/notifications/Notification';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <Notification />
      <LoadingOverlay />
    </>
  );
}
