import { join } from 'node:path';
import { SCREENSHOTS, useConsole } from '../support/browser';
import { expectNoSidewaysOverflow } from './page-helpers';

// The API documentation page, as a developer reads it (its axe check is in a11y-screens.ts).
describe('the API documentation page', () => {
  const app = useConsole();

  it('loads without a CSP complaint or a script, fits a phone and a desktop, light and dark', async () => {
    for (const colorScheme of ['light', 'dark'] as const) {
      for (const width of [1280, 390]) {
        const context = await app.newContext({ viewport: { width, height: 860 }, colorScheme });
        const page = await context.newPage();
        const complaints: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') complaints.push(m.text());
        });
        await page.goto('/api/docs');
        await page.getByRole('heading', { name: 'API documentation', level: 1 }).waitFor();
        expect(await page.locator('script').count()).toBe(0);
        await expectNoSidewaysOverflow(page, `API documentation, ${colorScheme}, ${width} px`);
        await page.screenshot({ path: join(SCREENSHOTS, `api-docs-${colorScheme}-${width}.png`) });
        expect(complaints).toEqual([]);
        await context.close();
      }
    }
  });

  it('takes a keyboard user from the route list to the route, and links to the JSON document', async () => {
    const context = await app.newContext({ viewport: { width: 1280, height: 860 } });
    const page = await context.newPage();
    await page.goto('/api/docs');
    const routes = page.getByRole('navigation', { name: 'Routes' });
    const link = routes.getByRole('link', { name: 'PATCH /trips/{id}' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL('**/api/docs#patch-trips-id');
    const section = page.getByRole('region', { name: 'PATCH /trips/{id}' });
    await section.locator('.summary', { hasText: 'Change a trip: its fields, its status (an action), its buses, paid.' }).waitFor();
    await section.getByRole('rowheader', { name: '409' }).waitFor();
    await section.getByRole('link', { name: 'Trip', exact: true }).first().waitFor();
    await section.screenshot({ path: join(SCREENSHOTS, 'api-docs-patch-trip.png') });

    const json = await page.request.get('/api/docs/openapi.json');
    expect(json.status()).toBe(200);
    expect(((await json.json()) as { openapi: string }).openapi).toBe('3.1.0');
    await context.close();
  });
});
