import type { Page } from 'playwright-core';
import { useConsole } from '../support/browser';
import { shot } from './page-helpers';

const see = (page: Page, text: string) => page.getByText(text, { exact: false }).first().waitFor({ state: 'visible', timeout: 10_000 });

// A new password needs the current one, and ends the account's other sessions.
describe('changing one’s password in the console', () => {
  const app = useConsole();

  it('asks for the current password, then signs the account out of its other browser', async () => {
    const laptop = await app.signIn('staff.riverside@demo.test');
    const phone = await app.signIn('staff.riverside@demo.test', { width: 390 });
    const page = laptop.page;
    await page.goto('/settings');
    await page.getByRole('heading', { name: 'Account Settings' }).waitFor();

    await page.getByLabel(/^New password/).fill('riverside-own-1');
    await page.getByLabel(/^Confirm password/).fill('riverside-own-1');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Enter your current password to set a new one.');

    await page.getByLabel(/^Current password/).fill('not-my-password');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Your current password is not correct.');
    await shot(page, 'settings-current-password-wrong');

    await page.getByLabel(/^Current password/).fill('demo1234');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await see(page, 'Profile and password updated.');
    expect(await page.getByLabel(/^Current password/).inputValue()).toBe('');

    // the other browser's session has ended: left as it is, it goes to sign in by itself (its live connection closed,
    // it checked its session), without showing the account's data until its next click
    await phone.page.waitForURL('**/login', { timeout: 10_000 });
    // this one goes on
    await page.goto('/trips');
    await page.getByRole('heading', { name: 'All Trips' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/trips');

    // and the new password is the one that signs in
    await phone.page.getByLabel(/^Email/).fill('staff.riverside@demo.test');
    await phone.page.getByLabel(/^Password/).fill('riverside-own-1');
    await phone.page.getByRole('button', { name: /^sign in$/i }).click();
    await phone.page.waitForURL((u) => !u.pathname.startsWith('/login'));
    await laptop.context.close();
    await phone.context.close();
  });
});
