import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { createQueryClient } from '../api/queryClient';
import { getClientConfig } from '../config/clientConfig';
import { CONSOLE_PATH, signInAgainOnSessionEnd } from './adminErrors';
import { buildAdminRoutes } from './adminRoutes';
import '../styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

signInAgainOnSessionEnd();
const { basePath } = getClientConfig();
// The server serves the console at {base}/admin; the Vite dev server, which sends /admin to the server,
// serves this entry as it is named.
const basename = import.meta.env.DEV ? '/admin.html' : `${basePath}${CONSOLE_PATH}`;
const router = createBrowserRouter(buildAdminRoutes(createQueryClient()), { basename });

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
