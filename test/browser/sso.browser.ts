import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { BrowserContext, Page } from 'playwright-core';
import { SCREENSHOTS, useConsole } from '../support/browser';
import {
  type IdentityProvider,
  makeSigningKey,
  startIdentityProvider,
  TEST_API_CLIENT_ID,
  TEST_SPA_CLIENT_ID,
} from '../support/microsoft-identity';

const root = resolve(__dirname, '..', '..');
const PLACEHOLDER = "Sign-in isn't configured yet. This button is a placeholder.";

describe('single sign-on with Microsoft, default build (no client id)', () => {
  const app = useConsole();

  it('says the Microsoft and Google buttons are placeholders, and loads no msal', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => scripts.push(r.url()));
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Microsoft' }).click();
    await expectText(page, PLACEHOLDER);
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await expectText(page, PLACEHOLDER);
    expect(scripts.filter((u) => /sso-microsoft|redirect_bridge/.test(u))).toEqual([]);

    await page.goto('/register');
    await page.getByRole('button', { name: 'Prefill from Microsoft account' }).click();
    await expectText(page, PLACEHOLDER);
    await context.close();
  });
});

/**
 * The console built with VITE_MSAL_* pointing at a stand-in Entra ID on loopback (TLS, since msal
 * takes only https authorities), and the server configured to trust that issuer and its keys.
 * msal runs for real: metadata, popup, code + PKCE redemption, refresh token for the API scope.
 */
describe('single sign-on with Microsoft, through the popup', () => {
  let idp: IdentityProvider;
  let dist: string;
  // the console built against the stand-in, and the server told to trust it: done before the server starts
  const app = useConsole({ env: buildAgainstIdentityProvider, startWithinMs: 180_000 });
  afterAll(async () => {
    await idp?.close();
    if (dist) rmSync(dist, { recursive: true, force: true });
  });

  async function buildAgainstIdentityProvider(): Promise<Record<string, string>> {
    idp = await startIdentityProvider({ key: await makeSigningKey(), apiClientId: TEST_API_CLIENT_ID, spaClientId: TEST_SPA_CLIENT_ID });
    dist = mkdtempSync(join(tmpdir(), 'console-sso-dist-'));
    execFileSync(join(root, 'node_modules', '.bin', 'vite'), ['build', '--outDir', dist, '--logLevel', 'error'], {
      cwd: join(root, 'client'),
      env: {
        ...process.env,
        NODE_OPTIONS: '',
        VITE_MSAL_CLIENT_ID: TEST_SPA_CLIENT_ID,
        VITE_MSAL_AUTHORITY: idp.authority,
        VITE_MSAL_API_SCOPE: `api://${TEST_API_CLIENT_ID}/access_as_user`,
        VITE_MSAL_KNOWN_AUTHORITIES: new URL(idp.origin).host,
      },
      stdio: 'pipe',
    });
    return {
      CLIENT_DIST: dist,
      MS_JWKS_URL: idp.jwksUrl,
      MS_AUDIENCE: TEST_API_CLIENT_ID,
      MS_ALLOWED_ISSUERS: idp.issuer,
      MS_LOGIN_ORIGIN: idp.origin,
    };
  }

  // The stand-in's certificate is self-signed; the popup belongs to the same context.
  const newPage = async (): Promise<{ context: BrowserContext; page: Page }> => {
    const context = await app.newContext({ ignoreHTTPSErrors: true, viewport: { width: 1280, height: 860 } });
    return { context, page: await context.newPage() };
  };

  /** Clicks the button, then "Continue" (or "Cancel") on the stand-in's sign-in page in the popup. */
  async function throughPopup(page: Page, button: string, choice: 'continue' | 'cancel' = 'continue'): Promise<void> {
    const popup = page.waitForEvent('popup');
    await page.getByRole('button', { name: button }).click();
    const signInPage = await popup;
    await signInPage.locator(`#${choice}`).click();
  }

  it('signs Grace Green in with her Microsoft account and lands on her dashboard', async () => {
    const { context, page } = await newPage();
    idp.signInAs({ email: 'Staff.Greenfield@demo.test', name: 'Grace Green' });
    await page.goto('/login');
    await throughPopup(page, 'Sign in with Microsoft');
    await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 20_000 });
    await expectText(page, 'Hello, Grace Green');
    expect(await page.evaluate("localStorage.getItem('token')")).toMatch(/^ey/);
    // msal kept its cache in localStorage (so a reload keeps the Microsoft session), and redeemed the code, then a refresh token for our API
    expect(await page.evaluate('Object.keys(localStorage).some((k) => k.startsWith("msal."))')).toBe(true);
    expect(idp.log).toEqual(
      expect.arrayContaining([
        'GET /openid-configuration',
        'GET /authorize',
        'POST /token authorization_code',
        'POST /token refresh_token',
      ]),
    );
    await page.screenshot({ path: join(SCREENSHOTS, 'sso-signed-in.png') });
    await context.close();
  });

  it('shows the server’s answer for a Microsoft account with no console account', async () => {
    const { context, page } = await newPage();
    idp.signInAs({ email: 'stranger@demo.test', name: 'Sam Stranger' });
    await page.goto('/login');
    await throughPopup(page, 'Sign in with Microsoft');
    await expectText(page, 'No account for this email yet. Register first.');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await page.evaluate("localStorage.getItem('token')")).toBeNull();
    await context.close();
  });

  it('tells a pending account that it awaits approval', async () => {
    const { context, page } = await newPage();
    idp.signInAs({ email: 'pending@demo.test', name: 'Penny Pending' });
    await page.goto('/login');
    await throughPopup(page, 'Sign in with Microsoft');
    await expectText(page, 'Your account is awaiting admin approval.');
    await context.close();
  });

  it('says so when the person cancels on the Microsoft page', async () => {
    const { context, page } = await newPage();
    await page.goto('/login');
    await throughPopup(page, 'Sign in with Microsoft', 'cancel');
    await expectText(page, 'Microsoft sign-in canceled or no account found.');
    await context.close();
  });

  it('prefills name and email on Register, with the server’s word on the account', async () => {
    const { context, page } = await newPage();
    idp.signInAs({ email: 'newcomer@demo.test', name: 'Nia Newcomer' });
    await page.goto('/register');
    await throughPopup(page, 'Prefill from Microsoft account');
    await expectText(
      page,
      'Microsoft account detected. Email prefilled. No account for this email yet. Register first. You may need admin approval or to finish registration.',
    );
    expect(await page.getByLabel(/^Full name/).inputValue()).toBe('Nia Newcomer');
    expect(await page.getByLabel(/^Email/).inputValue()).toBe('newcomer@demo.test');
    expect(await page.getByLabel(/^Password/).inputValue()).toBe('');
    await page.screenshot({ path: join(SCREENSHOTS, 'sso-register-prefilled.png') });
    await context.close();
  });
});

async function expectText(page: Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 15_000 });
}
