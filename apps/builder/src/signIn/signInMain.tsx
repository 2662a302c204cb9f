import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { SignInApp } from './SignInApp';
import '../styles/global.css';

const rootElement = document.getElementById('root');
if (!rootElement) throw new Error('The page has no #root element');

createRoot(rootElement).render(
  <StrictMode>
    <SignInApp />
  </StrictMode>,
);
