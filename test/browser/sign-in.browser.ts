import { join } from 'node:path';
import { SCREENSHOTS, useConsole } from '../support/browser';

// A newcomer's first minute: the demo seeded by `npm start`, the sign-in page, the console behind it.
describe('signing in through the page', () => {
  const app = useConsole();

  it('sends a visitor without a session to /login', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/trips');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: /^sign in$/i }).waitFor();
    await page.screenshot({ path: join(SCREENSHOTS, 'login-light.png') });
    await context.close();
  });

  it('shows the server’s message for a wrong password and stays on /login', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/^Email/).fill('admin@demo.test');
    await page.getByLabel(/^Password/).fill('not-the-password');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expectText(page, 'Invalid email or password.');
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('tells a pending account that it awaits approval', async () => {
    const context = await app.newContext();
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByLabel(/^Email/).fill('pending@demo.test');
    await page.getByLabel(/^Password/).fill('demo1234');
    await page.getByRole('button', { name: /^sign in$/i }).click();
    await expectText(page, 'Your account is awaiting admin approval.');
    await context.close();
  });

  it('signs the demo admin in, greets them, and keeps the token under "token"', async () => {
    const { context, page } = await app.signIn('admin@demo.test');
    await expectText(page, 'Hello, Dana Admin');
    expect(await page.evaluate("localStorage.getItem('token')")).toMatch(/^ey/);
    await page.screenshot({ path: join(SCREENSHOTS, 'signed-in-admin-light.png') });
    await context.close();
  });

  it('lands finance on /trips, since the dashboard is not theirs', async () => {
    const { context, page } = await app.signIn('finance@demo.test');
    await page.waitForURL('**/trips');
    await context.close();
  });
});

async function expectText(page: import('playwright-core').Page, text: string): Promise<void> {
  await page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 });
}
