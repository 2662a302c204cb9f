import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { Outlet } from 'react-router';
import { SignInAgainDialog } from '../reauthentication/SignInAgainDialog';

/** Every screen needing an account loads its data through TanStack Query, from this one client. */
export function SessionLayout({ queryClient }: { queryClient: QueryClient }) {
  return (
    <QueryClientProvider client={queryClient}>
      <Outlet />
      <SignInAgainDialog />
    </QueryClientProvider>
  );
}
