/**
 * What both halves of Microsoft sign-in share: sso.ts (always loaded) and sso-microsoft.ts (msal,
 * loaded on demand). A leaf: it imports nothing, so the two halves never import each other.
 */

/** The scopes of the sign-in itself; the API scope (`access_as_user`) is requested beside them. */
export const MICROSOFT_LOGIN_SCOPES = ['openid', 'profile', 'email', 'User.Read'];
export const MICROSOFT_DEFAULT_AUTHORITY = 'https://login.microsoftonline.com/common';

/** Sign-in with Microsoft Entra ID, as built: `VITE_MSAL_*` (vite.config.ts bakes them in). */
export interface MicrosoftSettings {
  clientId: string;
  /** default: the common multi-tenant authority */
  authority: string;
  /** our API's delegated scope, e.g. `api://<client id>/access_as_user` */
  apiScope: string;
  /** default: the root path of this origin */
  redirectUri: string;
  /** hosts msal may trust without Microsoft's instance discovery (a CIAM domain, a test stand-in) */
  knownAuthorities: string[];
}

/** What the popup gave us: a token for our API and who signed in. */
export interface MicrosoftAccount {
  accessToken: string;
  name: string;
  email: string;
}
