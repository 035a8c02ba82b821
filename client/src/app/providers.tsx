import { MantineProvider } from '@mantine/core';
import { DatesProvider } from '@mantine/dates';
import { Notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { SessionProvider } from '../features/auth/session-context';
import { colorSchemeManager, cssVariablesResolver, theme } from './theme';

/** Theme, toasts and the session; the router wraps this in main.tsx (tests use a MemoryRouter instead). */
export function AppProviders({ children, env }: { children: ReactNode; env?: 'default' | 'test' }) {
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      colorSchemeManager={colorSchemeManager}
      env={env}
    >
      <Notifications position="top-center" autoClose={2000} withAutoCloseProgress={false} zIndex={1000} />
      {/* date fields' calendars start the week on Monday, as the board and the trips calendar do */}
      <DatesProvider settings={{ locale: 'en', firstDayOfWeek: 1 }}>
        <SessionProvider>{children}</SessionProvider>
      </DatesProvider>
    </MantineProvider>
  );
}
