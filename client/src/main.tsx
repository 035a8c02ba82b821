import '@mantine/core/styles.css';
import '@mantine/dates/styles.css';
import '@mantine/notifications/styles.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router-dom';
import { AppRoutes } from './app/app-routes';
import { AppProviders } from './app/providers';
import { completeMicrosoftRedirect, isMicrosoftRedirect } from './features/auth/sso';

const root = document.getElementById('root');
if (!root) throw new Error('No #root element in index.html');

const renderConsole = (element: HTMLElement) =>
  createRoot(element).render(
    <StrictMode>
      <BrowserRouter>
        <AppProviders>
          <AppRoutes />
        </AppProviders>
      </BrowserRouter>
    </StrictMode>,
  );

// The Microsoft sign-in popup lands back on / with its answer: hand it to the opener instead of starting the console.
if (isMicrosoftRedirect()) completeMicrosoftRedirect(root).catch(() => renderConsole(root));
else renderConsole(root);
