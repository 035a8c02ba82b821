import type { Role } from '@contracts/roles';
import type { ProfileDto } from '@contracts/wire';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, type InitialEntry } from 'react-router-dom';
import { rolesOf } from './shared/access';
import { theme } from './app/theme';
import { type Session, SessionContext } from './features/auth/session-context';

export function makeProfile(role: Role, overrides: Partial<ProfileDto> = {}): ProfileDto {
  return {
    id: 7,
    name: 'Dana Reyes',
    email: 'dana@demo.test',
    role,
    roles: [role],
    status: 'approved',
    tenant_id: 1,
    active_org_id: null,
    tenant: { id: 1, name: 'Demo District', slug: 'demo' },
    active_org: null,
    created_at: '2026-01-05T09:00:00.000Z',
    ...overrides,
  };
}

export function makeSession(profile: ProfileDto | null, overrides: Partial<Session> = {}): Session {
  return {
    loading: false,
    user: profile ? { id: profile.id } : null,
    profile,
    roles: profile ? rolesOf(profile) : [],
    login: jest.fn(async () => {
      if (!profile) throw new Error('no profile');
      return profile;
    }),
    logout: jest.fn(async () => {}),
    refresh: jest.fn(async () => profile),
    setProfile: jest.fn(),
    ...overrides,
  };
}

/** Renders `ui` with the theme, toasts, a fake session and a router at `route`. */
export function renderWithApp(
  ui: ReactElement,
  { route = '/', session = makeSession(null) }: { route?: InitialEntry; session?: Session } = {},
) {
  return render(
    <MantineProvider theme={theme} env="test">
      <Notifications />
      <SessionContext.Provider value={session}>
        <MemoryRouter initialEntries={[route]}>{ui}</MemoryRouter>
      </SessionContext.Provider>
    </MantineProvider>,
  );
}

/** A fetch stand-in answering by "METHOD /path" (query string ignored). */
export function mockFetch(routes: Record<string, (body: unknown, url: URL) => { status?: number; body?: unknown }>) {
  const calls: { method: string; path: string; body: unknown }[] = [];
  /** The query of each call, by the call's index (kept apart so tests comparing `calls` whole stay as they were). */
  const queries: URLSearchParams[] = [];
  const fetchMock = jest.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = init?.body ? JSON.parse(String(init.body)) : undefined;
    calls.push({ method, path: url.pathname, body });
    queries.push(url.searchParams);
    const handler = routes[`${method} ${url.pathname}`];
    const answer = handler ? handler(body, url) : { status: 404, body: { message: 'Not found.' } };
    const status = answer.status ?? 200;
    return {
      ok: status >= 200 && status < 300,
      status,
      text: async () => (answer.body === undefined ? '' : typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body)),
    } as Response;
  });
  Object.assign(globalThis, { fetch: fetchMock });
  return { fetchMock, calls, queries };
}

/**
 * A phone held upright: every max-width media query matches (the console's phone and cards breakpoints). Returns the
 * undo; call it in a `finally`.
 */
export function onPhone(): () => void {
  const matchMedia = window.matchMedia;
  window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query.includes('max-width') })) as typeof window.matchMedia;
  return () => {
    window.matchMedia = matchMedia;
  };
}
