import { render } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { createQueryClient } from '../api/queryClient';
import { buildRoutes } from '../routes';

/**
 * Renders the whole app at a path, as the browser would after a full page load: with an empty cache of
 * its own, and no retries, so a failed call fails the screen at once.
 */
export function renderApp(path: string) {
  const queryClient = createQueryClient({ retry: false });
  const router = createMemoryRouter(buildRoutes({ queryClient }), { initialEntries: [path] });
  render(<RouterProvider router={router} />);
  return router;
}
