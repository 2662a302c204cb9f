import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { getClientConfig } from './config/clientConfig';
import { buildRoutes } from './routes';
import './styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

const { basePath } = getClientConfig();
const router = createBrowserRouter(buildRoutes(), { basename: basePath || '/' });

createRoot(rootElement).render(
  <StrictMode>
    <RouterProvider router={router} />
  </StrictMode>,
);
