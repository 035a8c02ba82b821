import { act, render, screen, waitFor } from '@testing-library/react';
import { TOKEN_KEY } from '../../api/http';
import { closedByServerForTest } from '../../api/socket';
import { makeProfile, mockFetch } from '../../test-utils';
import { SessionProvider, useSession } from './session-context';

function Probe() {
  const { loading, profile, user } = useSession();
  return <p>{loading ? 'loading' : profile ? `signed in as ${profile.name} (${user?.id})` : 'signed out'}</p>;
}

const profile = makeProfile('admin', { id: 5, name: 'Dana Admin' });

const renderProbe = () =>
  render(
    <SessionProvider>
      <Probe />
    </SessionProvider>,
  );

describe('SessionProvider', () => {
  it('starts loading, then reads the session and fetches the profile by its id', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'good');
    const { calls } = mockFetch({
      'GET /api/auth/session': () => ({ body: { user: { id: 5 } } }),
      'GET /api/users/5': () => ({ body: profile }),
    });
    renderProbe();
    expect(screen.getByText('loading')).toBeInTheDocument();
    expect(await screen.findByText('signed in as Dana Admin (5)')).toBeInTheDocument();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/session', 'GET /api/users/5']);
  });

  it('signs out silently when the check fails, and drops a rejected token', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'revoked');
    mockFetch({ 'GET /api/auth/session': () => ({ status: 401, body: { message: 'Your session has ended. Please sign in again.' } }) });
    renderProbe();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
  });

  it('is signed out at once without a token', async () => {
    const { calls } = mockFetch({});
    renderProbe();
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(calls).toHaveLength(0);
  });

  it('checks the session again when the page becomes visible', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'good');
    let name = 'Dana Admin';
    mockFetch({
      'GET /api/auth/session': () => ({ body: { user: { id: 5 } } }),
      'GET /api/users/5': () => ({ body: { ...profile, name } }),
    });
    renderProbe();
    await screen.findByText('signed in as Dana Admin (5)');
    name = 'Dana Renamed';
    Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => 'visible' });
    await act(async () => {
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await waitFor(() => expect(screen.getByText('signed in as Dana Renamed (5)')).toBeInTheDocument());
  });

  it('signs out at once when the server closes the live connection and the session has ended (a password changed elsewhere)', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'good');
    let ended = false;
    const { calls } = mockFetch({
      'GET /api/auth/session': () =>
        ended ? { status: 401, body: { message: 'Your session has ended. Please sign in again.' } } : { body: { user: { id: 5 } } },
      'GET /api/users/5': () => ({ body: profile }),
    });
    renderProbe();
    await screen.findByText('signed in as Dana Admin (5)');
    ended = true;
    await act(async () => closedByServerForTest());
    expect(await screen.findByText('signed out')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBeNull();
    expect(calls.map((c) => `${c.method} ${c.path}`)).toEqual(['GET /api/auth/session', 'GET /api/users/5', 'GET /api/auth/session']);
  });

  it('stays signed in when the server closes the live connection but the session holds', async () => {
    window.localStorage.setItem(TOKEN_KEY, 'good');
    mockFetch({
      'GET /api/auth/session': () => ({ body: { user: { id: 5 } } }),
      'GET /api/users/5': () => ({ body: profile }),
    });
    renderProbe();
    await screen.findByText('signed in as Dana Admin (5)');
    await act(async () => closedByServerForTest());
    expect(screen.getByText('signed in as Dana Admin (5)')).toBeInTheDocument();
    expect(window.localStorage.getItem(TOKEN_KEY)).toBe('good');
  });
});
