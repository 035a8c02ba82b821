import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { Route, Routes } from 'react-router-dom';
import { setToken } from '../api/http';
import { liveStatus } from '../api/socket';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../test-utils';
import { SCREEN_FAILED } from '../components/error-boundaries';
import { RequireSession } from './route-guards';

/** A stand-in for socket.io-client's socket: records handlers, so a test can connect it and see whether it was closed. */
const fakeSocket = {
  active: true,
  handlers: new Map<string, (...args: unknown[]) => void>(),
  on(event: string, handler: (...args: unknown[]) => void) {
    this.handlers.set(event, handler);
    return this;
  },
  onAny: jest.fn(),
  removeAllListeners: jest.fn(),
  disconnect: jest.fn(),
};
const io = jest.fn((..._args: unknown[]) => fakeSocket);
jest.mock('socket.io-client', () => ({ io: (...args: unknown[]) => io(...args) }));

function Broken(): never {
  throw new TypeError("Cannot read properties of null (reading 'value')");
}

/** A screen whose field breaks rendering once typed into, as the Add Organization form's Code field once did. */
function BreaksOnTyping() {
  const [value, setValue] = useState('');
  return (
    <>
      <label htmlFor="code">Code</label>
      <input id="code" value={value} onChange={(e) => setValue(e.currentTarget.value)} />
      {value ? <Broken /> : null}
    </>
  );
}

let reports: { method: string; path: string; body: unknown }[];
beforeEach(() => {
  ({ calls: reports } = mockFetch({
    'POST /api/client-errors': () => ({ status: 204 }),
    'GET /api/admin/users/pending': () => ({ body: [] }),
    'GET /api/notifications': () => ({ body: [] }),
  }));
  io.mockClear();
  fakeSocket.disconnect.mockClear();
  fakeSocket.handlers.clear();
  // React reports an error a boundary caught on the console; the test reads the screen instead
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  setToken('signed-in-token');
});
afterEach(() => {
  jest.restoreAllMocks();
  setToken(null);
});

describe('the screen boundary', () => {
  it('replaces only the broken screen: the shell, its sidebar and the live connection stay, and the error is reported', async () => {
    renderWithApp(
      <Routes>
        <Route element={<RequireSession />}>
          <Route path="/" element={<BreaksOnTyping />} />
        </Route>
      </Routes>,
      { session: makeSession(makeProfile('admin')) },
    );
    await waitFor(() => expect(io).toHaveBeenCalledTimes(1));
    act(() => fakeSocket.handlers.get('connect')?.());
    expect(liveStatus()).toBe('online');

    await userEvent.type(screen.getByLabelText('Code'), 'A');

    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: SCREEN_FAILED })).toBeInTheDocument();
    expect(within(alert).getByRole('button', { name: 'Reload' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Back to Dashboard' })).toHaveAttribute('href', '/');
    // the shell is still there, with its navigation and header
    expect(screen.getAllByRole('navigation', { name: 'Main navigation' }).length).toBeGreaterThan(0);
    expect(screen.getByText('Hello, Dana Reyes')).toBeInTheDocument();
    // and the live connection is the same one, still open
    expect(io).toHaveBeenCalledTimes(1);
    expect(fakeSocket.disconnect).not.toHaveBeenCalled();
    expect(liveStatus()).toBe('online');
    // the server's log hears of it
    await waitFor(() => expect(reports.filter((c) => c.method === 'POST' && c.path === '/api/client-errors')).toHaveLength(1));
    const report = reports.find((c) => c.path === '/api/client-errors')?.body as Record<string, string>;
    expect(report).toMatchObject({ message: "Cannot read properties of null (reading 'value')", path: '/' });
    expect(report.componentStack).toContain('BreaksOnTyping');
  });
});
