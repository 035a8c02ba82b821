import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router-dom';
import { getToken } from '../../api/http';
import { makeProfile, makeSession, mockFetch, renderWithApp } from '../../test-utils';
import { LoginPage } from './login-page';
import { RegisterPage } from './register-page';
import { microsoftSettings, type MicrosoftAccount, toSsoError } from './sso';
import { acquireMicrosoftAccount, microsoftClient } from './sso-microsoft';

// msal itself is not run here (the browser suite drives it through a popup); its outcome is.
jest.mock('./sso-microsoft', () => ({ acquireMicrosoftAccount: jest.fn(), microsoftClient: jest.fn(async () => ({})) }));
const acquire = jest.mocked(acquireMicrosoftAccount);

const CLIENT_ID = '0b5c9a0e-6d2f-4c1e-8f3a-2a7d9e4b1c22';
const account: MicrosoftAccount = { accessToken: 'ms-access-token', name: 'Nia Park', email: 'nia@school.test' };
const configure = (settings: Record<string, string> | undefined) => Object.assign(globalThis, { __MSAL_SETTINGS__: settings });
const msalError = (errorCode: string, errorMessage = '') => Object.assign(new Error(errorMessage), { errorCode, errorMessage });

afterEach(() => {
  configure(undefined);
  acquire.mockReset();
});

describe('microsoftSettings', () => {
  it('is null without a client id: the buttons stay placeholders', () => {
    expect(microsoftSettings({})).toBeNull();
    expect(microsoftSettings({ VITE_MSAL_CLIENT_ID: '  ' })).toBeNull();
  });

  it('defaults to the common authority, our access_as_user scope and the root path', () => {
    expect(microsoftSettings({ VITE_MSAL_CLIENT_ID: CLIENT_ID })).toEqual({
      clientId: CLIENT_ID,
      authority: 'https://login.microsoftonline.com/common',
      apiScope: `api://${CLIENT_ID}/access_as_user`,
      redirectUri: `${window.location.origin}/`,
      knownAuthorities: [],
    });
  });

  it('takes the authority, scope and known authorities given at build time', () => {
    const settings = microsoftSettings({
      VITE_MSAL_CLIENT_ID: CLIENT_ID,
      VITE_MSAL_AUTHORITY: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      VITE_MSAL_API_SCOPE: 'api://transport-api/access_as_user',
      VITE_MSAL_KNOWN_AUTHORITIES: 'login.contoso.test, other.test',
    });
    expect(settings).toMatchObject({
      authority: 'https://login.microsoftonline.com/contoso.onmicrosoft.com',
      apiScope: 'api://transport-api/access_as_user',
      knownAuthorities: ['login.contoso.test', 'other.test'],
    });
  });
});

describe('toSsoError', () => {
  it.each(['user_cancelled', 'timed_out', 'no_account_error', 'access_denied'])('reads %s as canceled', (code) => {
    expect(toSsoError(msalError(code))).toMatchObject({ kind: 'canceled', message: 'Microsoft sign-in canceled or no account found.' });
  });

  it('reads interaction_in_progress as busy', () => {
    expect(toSsoError(msalError('interaction_in_progress'))).toMatchObject({
      kind: 'busy',
      message: 'Another Microsoft sign-in is in progress. Please try again in a moment.',
    });
  });

  it("shows the provider's message (its first line), else Sign-in failed.", () => {
    expect(
      toSsoError(msalError('invalid_request', 'AADSTS50194: Application is not configured as a multi-tenant application.\r\nTrace ID: 1')),
    ).toMatchObject({
      kind: 'failed',
      message: 'AADSTS50194: Application is not configured as a multi-tenant application.',
    });
    expect(toSsoError(new TypeError('x'))).toMatchObject({ kind: 'failed', message: 'Sign-in failed.' });
  });
});

function renderLogin(session = makeSession(null)) {
  return renderWithApp(
    <Routes>
      <Route path="/login" element={<LoginPage />} />
      <Route path="/" element={<h1>Dashboard page</h1>} />
    </Routes>,
    { route: '/login', session },
  );
}

describe('Sign in with Microsoft, configured', () => {
  beforeEach(() => configure({ VITE_MSAL_CLIENT_ID: CLIENT_ID }));

  it('sends the access token to /auth/login-microsoft, keeps the answer under "token" and refreshes the session', async () => {
    acquire.mockResolvedValue(account);
    const { fetchMock } = mockFetch({
      'POST /api/auth/login-microsoft': () => ({ body: { token: 'console-token', user: makeProfile('school_staff') } }),
    });
    const session = makeSession(null, { refresh: jest.fn(async () => makeProfile('school_staff')) });
    renderLogin(session);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));

    expect(await screen.findByRole('heading', { name: 'Dashboard page' })).toBeInTheDocument();
    expect(acquire).toHaveBeenCalledWith(expect.objectContaining({ clientId: CLIENT_ID, apiScope: `api://${CLIENT_ID}/access_as_user` }));
    const [url, init] = fetchMock.mock.calls[0];
    expect(url).toBe('/api/auth/login-microsoft');
    expect(init).toMatchObject({ method: 'POST', body: '{}', credentials: 'include' });
    expect((init?.headers as Record<string, string>).Authorization).toBe('Bearer ms-access-token');
    expect(getToken()).toBe('console-token');
    expect(session.refresh).toHaveBeenCalled();
  });

  it("shows the server's text when it refuses", async () => {
    acquire.mockResolvedValue(account);
    mockFetch({
      'POST /api/auth/login-microsoft': () => ({ status: 404, body: { message: 'No account for this email yet. Register first.' } }),
    });
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('No account for this email yet. Register first.');
    expect(getToken()).toBeNull();
  });

  it('says so when the popup is closed or declined', async () => {
    acquire.mockRejectedValue(msalError('user_cancelled'));
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Microsoft' }));
    expect(await screen.findByRole('status')).toHaveTextContent('Microsoft sign-in canceled or no account found.');
  });

  it('refuses a second attempt while the first popup is open', async () => {
    let finish: (a: MicrosoftAccount) => void = () => {};
    acquire.mockImplementation(() => new Promise((resolve) => (finish = resolve)));
    mockFetch({ 'POST /api/auth/login-microsoft': () => ({ status: 403, body: { message: 'Your account is awaiting admin approval.' } }) });
    renderLogin();
    const button = screen.getByRole('button', { name: 'Sign in with Microsoft' });
    await userEvent.click(button);
    await userEvent.click(button);
    expect(await screen.findByRole('status')).toHaveTextContent('Another Microsoft sign-in is in progress. Please try again in a moment.');
    expect(acquire).toHaveBeenCalledTimes(1);
    finish(account);
    expect(await screen.findByRole('alert')).toHaveTextContent('Your account is awaiting admin approval.');
  });

  it('keeps Google a placeholder', async () => {
    renderLogin();
    await userEvent.click(screen.getByRole('button', { name: 'Sign in with Google' }));
    expect(screen.getByRole('status')).toHaveTextContent("Sign-in isn't configured yet. This button is a placeholder.");
    expect(acquire).not.toHaveBeenCalled();
  });

  it('starts loading msal when the page opens', async () => {
    renderLogin();
    await waitFor(() => expect(microsoftClient).toHaveBeenCalled());
  });
});

describe('Prefill from Microsoft account (Register)', () => {
  const renderRegister = () => renderWithApp(<RegisterPage />, { route: '/register' });

  it('is a placeholder without a client id', async () => {
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Prefill from Microsoft account' }));
    expect(screen.getByRole('status')).toHaveTextContent("Sign-in isn't configured yet. This button is a placeholder.");
  });

  it("fills name and email only, and adds the server's word on the account", async () => {
    configure({ VITE_MSAL_CLIENT_ID: CLIENT_ID });
    acquire.mockResolvedValue(account);
    mockFetch({
      'POST /api/auth/login-microsoft': () => ({ status: 404, body: { message: 'No account for this email yet. Register first.' } }),
    });
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Prefill from Microsoft account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Microsoft account detected. Email prefilled. No account for this email yet. Register first. You may need admin approval or to finish registration.',
    );
    expect(screen.getByLabelText(/Full name/)).toHaveValue('Nia Park');
    expect(screen.getByLabelText(/Email/)).toHaveValue('nia@school.test');
    expect(screen.getByLabelText(/^Password/)).toHaveValue('');
    expect(getToken()).toBeNull();
  });

  it('tells an approved account to sign in instead, without keeping a session', async () => {
    configure({ VITE_MSAL_CLIENT_ID: CLIENT_ID });
    acquire.mockResolvedValue(account);
    mockFetch({ 'POST /api/auth/login-microsoft': () => ({ body: { token: 'console-token', user: makeProfile('finance') } }) });
    renderRegister();
    await userEvent.click(screen.getByRole('button', { name: 'Prefill from Microsoft account' }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      'Microsoft account detected. Email prefilled. An account with this email already exists. Sign in instead.',
    );
    expect(getToken()).toBeNull();
  });
});
