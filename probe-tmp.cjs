const { chromium } = require('playwright-core');
(async () => {
  const b = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--headless', '--no-sandbox'] });
  for (const rm of ['no-preference', 'reduce']) {
  const ctx = await b.newContext({ baseURL: 'http://127.0.0.1:47811', viewport: { width: 1280, height: 860 }, reducedMotion: rm });
  const page = await ctx.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill('teacher.greenfield@demo.test');
  await page.getByLabel(/^Password/).fill('demo1234');
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'));
  await page.goto('/approvals');
  await page.getByRole('button', { name: 'Request changes' }).first().click();
  await page.getByRole('dialog', { name: 'Request changes' }).waitFor();
  await page.waitForTimeout(1000);
  console.log(rm, await page.evaluate(() => [...document.querySelectorAll('.mantine-Modal-overlay')].map(e => getComputedStyle(e).opacity + ' ' + getComputedStyle(e).backgroundColor)));
  await ctx.close();
  }
  await b.close();
})();
