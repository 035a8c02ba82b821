import { Messages } from '@contracts/messages';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getToken } from '../../api/http';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { JoinPage } from './join-page';

const INVITE = {
  driverName: 'Omar Haddad',
  companyName: 'Desert Star Buses',
  email: 'omar@desertstar.test',
  expiresAt: '2031-03-12T09:00:00.000Z',
};

function renderJoin(routes: Parameters<typeof mockFetch>[0], session = makeSession(null)) {
  const mocked = mockFetch(routes);
  renderWithApp(
    <Routes>
      <Route path="/join/:token" element={<JoinPage />} />
      <Route path="/today" element={<h1>Driver day</h1>} />
      <Route path="/login" element={<h1>Sign in page</h1>} />
    </Routes>,
    { route: '/join/tok-123', session },
  );
  return mocked;
}

describe('the driver invitation page', () => {
  it('sets up the account of the driver named in the link, signs in and opens the day', async () => {
    const refresh = jest.fn(async () => makeProfile('driver'));
    const { calls } = renderJoin(
      {
        'GET /api/driver-invites/tok-123': () => ({ body: INVITE }),
        'POST /api/driver-invites/tok-123': () => ({ status: 201, body: { token: 'driver-session', user: makeProfile('driver') } }),
      },
      makeSession(null, { refresh }),
    );
    expect(await screen.findByRole('heading', { name: 'Set up your driver account' })).toBeInTheDocument();
    expect(screen.getByText('For Omar Haddad of Desert Star Buses.')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: /Email/ })).toHaveValue('omar@desertstar.test');

    await userEvent.type(screen.getByLabelText(/^Password/), 'longenough');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'longenougH');
    await userEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(screen.getByText(Messages.passwordsDoNotMatch)).toBeInTheDocument();
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await userEvent.clear(screen.getByLabelText(/^Confirm password/));
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByRole('heading', { name: 'Driver day' })).toBeInTheDocument();
    expect(calls.find((c) => c.method === 'POST')?.body).toEqual({ email: 'omar@desertstar.test', password: 'longenough' });
    expect(getToken()).toBe('driver-session');
    expect(refresh).toHaveBeenCalled();
  });

  it('asks for an e-mail when the invitation has none, and a password of 8 characters', async () => {
    renderJoin({ 'GET /api/driver-invites/tok-123': () => ({ body: { ...INVITE, email: null } }) });
    await userEvent.click(await screen.findByRole('button', { name: 'Set up my account' }));
    expect(screen.getByText('Email is required.')).toBeInTheDocument();
    expect(screen.getByText('Password is required.')).toBeInTheDocument();
    await userEvent.type(screen.getByLabelText(/^Password/), 'short');
    await userEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(screen.getByText(Messages.passwordTooShort)).toBeInTheDocument();
  });

  it("shows why an expired link no longer works in the server's words, with the way to sign in", async () => {
    const expired = 'This invitation has expired: ask your dispatcher for a new link.';
    renderJoin({ 'GET /api/driver-invites/tok-123': () => ({ status: 400, body: { message: expired } }) });
    expect(await screen.findByRole('alert')).toHaveTextContent(expired);
    await userEvent.click(screen.getByRole('link', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Sign in page' })).toBeInTheDocument();
  });

  it('says a used link was used when the account is set up twice', async () => {
    const used = 'This invitation was already used: sign in with your e-mail and password.';
    renderJoin({
      'GET /api/driver-invites/tok-123': () => ({ body: INVITE }),
      'POST /api/driver-invites/tok-123': () => ({ status: 409, body: { message: used } }),
    });
    await userEvent.type(await screen.findByLabelText(/^Password/), 'longenough');
    await userEvent.type(screen.getByLabelText(/^Confirm password/), 'longenough');
    await userEvent.click(screen.getByRole('button', { name: 'Set up my account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(used);
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/login');
    expect(getToken()).toBeNull();
  });
});
