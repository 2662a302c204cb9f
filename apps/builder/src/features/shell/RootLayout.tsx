import { Outlet } from 'react-router';
import { LoadingOverlay } from '../../ui/LoadingOverlay';

export function RootLayout() {
  return (
    <>
      <Outlet />
      <LoadingOverlay />
    </>
  );
}
