import { Messages } from '@contracts/messages';
import type { LoginResponse } from '@contracts/wire';
import { ApiError, apiUrl } from '../../api/http';
import { MICROSOFT_DEFAULT_AUTHORITY, type MicrosoftAccount, type MicrosoftSettings } from './sso-settings';

export type { MicrosoftAccount, MicrosoftSettings } from './sso-settings';

/** What a single-sign-on button says until its provider is configured. */
export const SSO_PLACEHOLDER = "Sign-in isn't configured yet. This button is a placeholder.";

declare const __MSAL_SETTINGS__: Record<string, string | undefined> | undefined;

// Replaced by the build; outside it (component tests) a global of that name stands in, or nothing.
const builtSettings = (): Record<string, string | undefined> => (typeof __MSAL_SETTINGS__ === 'undefined' ? {} : __MSAL_SETTINGS__);

/** The build's Microsoft settings, or null when no client id was given (the button is then a placeholder). */
export function microsoftSettings(env: Record<string, string | undefined> = builtSettings()): MicrosoftSettings | null {
  const clientId = env.VITE_MSAL_CLIENT_ID?.trim();
  if (!clientId) return null;
  return {
    clientId,
    authority: env.VITE_MSAL_AUTHORITY?.trim() || MICROSOFT_DEFAULT_AUTHORITY,
    apiScope: env.VITE_MSAL_API_SCOPE?.trim() || `api://${clientId}/access_as_user`,
    redirectUri: env.VITE_MSAL_REDIRECT_URI?.trim() || `${window.location.origin}/`,
    knownAuthorities: (env.VITE_MSAL_KNOWN_AUTHORITIES ?? '')
      .split(',')
      .map((s) => s.trim())
      .filter(Boolean),
  };
}

/** A Microsoft sign-in that did not give us an account: `message` is the text to show. */
export class SsoError extends Error {
  constructor(
    message: string,
    readonly kind: 'busy' | 'canceled' | 'failed',
  ) {
    super(message);
    this.name = 'SsoError';
  }
}

// msal (and its weight) is fetched only when a Microsoft button is about to be used.
const loadMsal = () => import('./sso-microsoft');

/** Starts fetching msal and setting it up, so the click opens the popup at once (popup blockers want that). */
export function preloadMicrosoftSignIn(settings: MicrosoftSettings): void {
  loadMsal()
    .then((m) => m.microsoftClient(settings))
    .catch(() => {
      // reported when the button is used
    });
}

let attempt: Promise<MicrosoftAccount> | null = null;

/** One Microsoft sign-in at a time; a second click while the popup is open is refused. */
export async function signInWithMicrosoft(settings: MicrosoftSettings): Promise<MicrosoftAccount> {
  if (attempt) throw new SsoError(Messages.microsoftBusy, 'busy');
  attempt = loadMsal().then((m) => m.acquireMicrosoftAccount(settings));
  try {
    return await attempt;
  } catch (e) {
    throw toSsoError(e);
  } finally {
    attempt = null;
  }
}

// msal's error codes, read without importing msal (it may not have loaded at all).
const CANCELED = new Set(['user_cancelled', 'timed_out', 'no_account_error', 'access_denied', 'interaction_in_progress_cancelled']);

/** A sign-in that did not finish: busy, canceled or failed ("Sign-in failed.", or the provider's message). */
export function toSsoError(error: unknown): SsoError {
  if (error instanceof SsoError) return error;
  const { errorCode, errorMessage } = (error ?? {}) as { errorCode?: unknown; errorMessage?: unknown };
  if (errorCode === 'interaction_in_progress') return new SsoError(Messages.microsoftBusy, 'busy');
  if (typeof errorCode === 'string' && CANCELED.has(errorCode)) return new SsoError(Messages.microsoftCanceled, 'canceled');
  // Entra ID's messages run on with trace and correlation ids; the first line says what happened.
  const provider = typeof errorMessage === 'string' ? errorMessage.split(/\r?\n/)[0].trim() : '';
  return new SsoError(provider || Messages.signInFailed, 'failed');
}

/**
 * `POST /auth/login-microsoft`: the access token as Bearer, an empty JSON body, credentials
 * included. A refusal throws an ApiError whose message is the response's text.
 */
export async function loginWithMicrosoftToken(accessToken: string): Promise<LoginResponse> {
  const response = await fetch(apiUrl('/auth/login-microsoft'), {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json', Authorization: `Bearer ${accessToken}` },
    body: '{}',
    credentials: 'include',
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = text ? JSON.parse(text) : undefined;
  } catch {
    // not JSON: the text itself is the message
  }
  if (!response.ok) {
    const message =
      (body as { message?: unknown; error?: unknown } | undefined)?.message ?? (body as { error?: unknown } | undefined)?.error;
    const plain = typeof body === 'string' && !body.trimStart().startsWith('<') ? body.trim() : '';
    throw new ApiError(
      typeof message === 'string' && message ? message : plain || `Request failed with status code ${response.status}`,
      response.status,
      body,
    );
  }
  return body as LoginResponse;
}

/**
 * The redirect URI (`/`) opened in msal's popup comes back with `code`/`error` and `state`; that
 * window only hands the answer to the console that opened it (msal's redirect bridge) and closes.
 */
export function isMicrosoftRedirect(location: Pick<Location, 'hash' | 'search'> = window.location): boolean {
  if (!microsoftSettings()) return false;
  return [location.hash.replace(/^#/, ''), location.search.replace(/^\?/, '')].some((part) => {
    const params = new URLSearchParams(part);
    return params.has('state') && (params.has('code') || params.has('error'));
  });
}

export async function completeMicrosoftRedirect(root: HTMLElement): Promise<void> {
  root.textContent = 'Completing Microsoft sign-in…';
  const { broadcastResponseToMainFrame } = await import('@azure/msal-browser/redirect-bridge');
  await broadcastResponseToMainFrame();
  // shown only if the browser keeps the window open
  root.textContent = 'Microsoft sign-in complete. You can close this window.';
}

/**
 * Forgets the Microsoft accounts msal cached in this browser (its keys start with `msal.` or name the
 * client id), so a shared school computer does not offer the last person's account after Sign Out.
 */
export function forgetMicrosoftAccounts(storage: Storage = window.localStorage): void {
  const clientId = microsoftSettings()?.clientId;
  if (!clientId) return;
  const keys = Array.from({ length: storage.length }, (_, i) => storage.key(i)).filter((k): k is string => !!k);
  for (const key of keys) if (key.startsWith('msal.') || key.includes(clientId)) storage.removeItem(key);
}
