import { forgetMicrosoftAccounts } from './sso';

describe('forgetMicrosoftAccounts (Sign Out on a shared computer)', () => {
  const g = globalThis as { __MSAL_SETTINGS__?: Record<string, string> };
  afterEach(() => {
    delete g.__MSAL_SETTINGS__;
    localStorage.clear();
  });

  it('removes msal’s cached accounts and tokens but keeps everything else', () => {
    g.__MSAL_SETTINGS__ = { VITE_MSAL_CLIENT_ID: 'client-123' };
    localStorage.setItem('msal.account.keys', '[]');
    localStorage.setItem('uid.tid-login.windows.net-idtoken-client-123-tid---', '{}');
    localStorage.setItem('color-scheme', 'dark');
    forgetMicrosoftAccounts();
    expect(Object.keys(localStorage)).toEqual(['color-scheme']);
  });

  it('touches nothing when Microsoft sign-in is not configured', () => {
    localStorage.setItem('msal.account.keys', '[]');
    forgetMicrosoftAccounts();
    expect(localStorage.getItem('msal.account.keys')).toBe('[]');
  });
});
