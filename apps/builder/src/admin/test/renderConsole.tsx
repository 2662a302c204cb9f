import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../../api/queryClient';
import { buildAdminRoutes } from '../adminRoutes';

/** Renders the console at a query string ("?view=audit-log"), as a full page load would, without retries. */
export function renderConsole(search = '') {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(buildAdminRoutes(queryClient), { initialEntries: [`/${search}`] });
  render(<RouterProvider router={router} />);
  return router;
}
