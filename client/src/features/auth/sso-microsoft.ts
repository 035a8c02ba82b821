import {
  type AccountInfo,
  type AuthenticationResult,
  BrowserCacheLocation,
  createStandardPublicClientApplication,
  InteractionRequiredAuthError,
  type IPublicClientApplication,
} from '@azure/msal-browser';
import { MICROSOFT_LOGIN_SCOPES, type MicrosoftAccount, type MicrosoftSettings } from './sso-settings';

// Loaded on demand (sso.ts): msal never weighs on the first page load.

let client: { key: string; app: Promise<IPublicClientApplication> } | undefined;

/** One msal application per page, set up once (its cache lives in localStorage). */
export function microsoftClient(settings: MicrosoftSettings): Promise<IPublicClientApplication> {
  const key = JSON.stringify(settings);
  if (client?.key !== key) {
    const app = createStandardPublicClientApplication({
      auth: {
        clientId: settings.clientId,
        authority: settings.authority,
        redirectUri: settings.redirectUri,
        knownAuthorities: settings.knownAuthorities,
      },
      cache: { cacheLocation: BrowserCacheLocation.LocalStorage },
    });
    client = { key, app };
    // a failed set-up is retried on the next click
    app.catch(() => {
      if (client?.app === app) client = undefined;
    });
  }
  return client.app;
}

/**
 * The popup sign-in (openid, profile, email, User.Read; the API scope consented in the same
 * step), then a token for our API: from the cache or refresh token, else a second popup.
 */
export async function acquireMicrosoftAccount(settings: MicrosoftSettings): Promise<MicrosoftAccount> {
  const app = await microsoftClient(settings);
  const login = await app.loginPopup({
    scopes: MICROSOFT_LOGIN_SCOPES,
    extraScopesToConsent: [settings.apiScope],
    prompt: 'select_account',
  });
  const account = login.account;
  app.setActiveAccount(account);
  const api = await apiToken(app, account, settings.apiScope);
  return { accessToken: api.accessToken, name: account.name ?? '', email: account.username };
}

async function apiToken(app: IPublicClientApplication, account: AccountInfo, scope: string): Promise<AuthenticationResult> {
  try {
    return await app.acquireTokenSilent({ scopes: [scope], account });
  } catch (e) {
    if (!(e instanceof InteractionRequiredAuthError)) throw e;
    return app.acquireTokenPopup({ scopes: [scope], account });
  }
}
