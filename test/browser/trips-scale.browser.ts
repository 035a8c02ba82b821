import { createHmac, randomUUID } from 'node:crypto';
import { Client, Pool } from 'pg';
import type { Page } from 'playwright-core';
import type { TripPage } from '../../server/src/contracts/trip-list';
import { addScaleTrips, type ScaleTenant, seedScaleTenants } from '../bench/support/seed-scale';
import { useConsole } from '../support/browser';

/**
 * All Trips over 100,000 trips (docs/architecture.md, Reads at scale): the built server on a PostgreSQL schema of its own in the test database,
 * a tenant seeded with set-based SQL (test/bench/support/seed-scale.ts), a console that filters (search, status,
 * month) and pages, while another console (API calls) changes trips into and out of the page shown. The page shows
 * them come and go without a reload and the total follows.
 */
const DATABASE_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const JWT_SECRET = 'scale-browser-secret-that-is-long-enough-for-hs256-0123456789';
const TRIPS = 100_000;

/** A sign-in token as the server issues it (the seeded users have no password). */
function signToken(userId: number): string {
  const b64 = (o: object) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  const head = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ sub: userId, jti: randomUUID(), iat: now, exp: now + 3600 })}`;
  return `${head}.${createHmac('sha256', JWT_SECRET).update(head).digest('base64url')}`;
}

const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleString('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

describe('All Trips over 100,000 trips, paged on the server, live', () => {
  const schema = `browser_scale_${Date.now().toString(36)}_${process.pid}`;
  let db: Pool;
  let tenant: ScaleTenant;
  let token: string;

  // the server on a schema of this suite's own, created before it starts
  const app = useConsole({
    env: async () => {
      const admin = new Client({ connectionString: DATABASE_URL });
      await admin.connect();
      await admin.query(`CREATE SCHEMA "${schema}"`);
      await admin.end();
      return { DATABASE_URL, DATABASE_SCHEMA: schema, JWT_SECRET, SEED_DEMO: 'false' };
    },
  });
  beforeAll(async () => {
    db = new Pool({ connectionString: DATABASE_URL, max: 2, options: `-c search_path=${schema}` });
    [tenant] = await seedScaleTenants(db, { count: 1, prefix: 'Scale' });
    const t0 = Date.now();
    await addScaleTrips(db, [tenant], TRIPS, { analyze: true });
    console.log(`trips-scale: ${TRIPS.toLocaleString('en')} trips written in ${((Date.now() - t0) / 1000).toFixed(1)} s`);
    token = signToken(tenant.admin);
  });
  afterAll(async () => {
    await db?.end();
    const admin = new Client({ connectionString: DATABASE_URL });
    await admin.connect();
    await admin.query(`DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    await admin.end();
  });

  /** The other console: the API, as the admin. */
  async function api<T>(method: string, path: string, body?: unknown): Promise<T> {
    const res = await fetch(`${app.url}/api${path}`, {
      method,
      headers: { Authorization: `Bearer ${token}`, 'Content-Type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${text}`);
    return JSON.parse(text) as T;
  }

  const shownIds = (page: Page) => page.$$eval('tr[data-trip-id]', (rows) => rows.map((r) => Number((r as HTMLElement).dataset.tripId)));

  /** Waits until the rows on screen are these, in this order (the page's refetch lands), then checks them. */
  async function waitForRows(page: Page, ids: number[]): Promise<void> {
    await page
      .waitForFunction(
        (want) =>
          Array.from(document.querySelectorAll('tr[data-trip-id]'))
            .map((r) => (r as HTMLElement).dataset.tripId)
            .join(',') === want,
        ids.join(','),
        { timeout: 10_000 },
      )
      .catch(() => undefined);
    expect(await shownIds(page)).toEqual(ids);
  }

  it('filters and pages 100,000 trips, and shows trips entering and leaving the page live, the total following', async () => {
    // A search word, Pending and a month that together hold more than two pages.
    const [pick] = (
      await db.query<{ word: string; month: string; n: number }>(
        `SELECT w.word, to_char(t.departure_date, 'YYYY-MM') AS month, count(*)::int AS n
           FROM unnest(ARRAY['museum', 'park', 'centre', 'garden']) AS w(word)
           JOIN trips t ON t.status = 'Pending' AND NOT t.deleted
                       AND lower(t.destination || ' ' || coalesce(t.notes, '') || ' ' || t.trip_type || ' ' || coalesce(t.custom_type, '')) LIKE '%' || w.word || '%'
          GROUP BY 1, 2 ORDER BY n DESC LIMIT 1`,
      )
    ).rows;
    expect(pick.n).toBeGreaterThan(24);
    const filter = { search: pick.word, status: 'Pending', month: pick.month };
    const serverPage = (page: number) =>
      api<TripPage>('GET', `/trips?${new URLSearchParams({ ...filter, page: String(page), pageSize: '12' })}`);

    const context = await app.newContext({ viewport: { width: 1280, height: 900 } });
    await context.addInitScript((t) => window.localStorage.setItem('token', t), token);
    const page = await context.newPage();
    const started = Date.now();
    await page.goto('/trips');
    await page
      .getByTestId('page-range')
      .filter({ hasText: `1–12 of ${TRIPS} Trips` })
      .waitFor({ timeout: 30_000 });
    console.log(`trips-scale: first page of ${TRIPS.toLocaleString('en')} shown ${Date.now() - started} ms after navigation`);

    // Filters: search, Status, Month. Each goes to the server; the page shows the server's page and total.
    await page.getByPlaceholder('Search destination, notes, or type').fill(pick.word);
    await page.locator('input[aria-label="Status"]').click();
    await page.getByRole('option', { name: 'Pending' }).click();
    await page.locator('input[aria-label="Month"]').click();
    await page.getByRole('option', { name: monthLabel(pick.month) }).click();
    await page
      .getByTestId('page-range')
      .filter({ hasText: `1–12 of ${pick.n} Trips` })
      .waitFor({ timeout: 20_000 });
    const first = await serverPage(1);
    expect(first.total).toBe(pick.n);
    expect(await shownIds(page)).toEqual(first.trips.map((t) => t.id));

    // Page 2, as the server pages it.
    await page.getByRole('button', { name: 'Next page' }).click();
    await page
      .getByTestId('page-range')
      .filter({ hasText: `13–24 of ${pick.n} Trips` })
      .waitFor();
    const second = await serverPage(2);
    expect(await shownIds(page)).toEqual(second.trips.map((t) => t.id));

    // Another console renames a trip on this page so it no longer matches the search: it leaves, the total drops,
    // and the first row of page 3 moves up into the gap.
    const leaving = second.trips.find((t) => ![t.notes, t.tripType, t.customType].some((x) => x?.toLowerCase().includes(pick.word)));
    expect(leaving).toBeDefined();
    const t1 = Date.now();
    await api('PATCH', `/trips/${leaving!.id}`, { destination: 'Harbour Walk', version: leaving!.version });
    await page.locator(`tr[data-trip-id="${leaving!.id}"]`).waitFor({ state: 'detached', timeout: 10_000 });
    await page
      .getByTestId('page-range')
      .filter({ hasText: `13–24 of ${pick.n - 1} Trips` })
      .waitFor({ timeout: 10_000 });
    const afterLeave = await serverPage(2);
    await waitForRows(
      page,
      afterLeave.trips.map((t) => t.id),
    );
    console.log(`trips-scale: a trip left page 2 ${Date.now() - t1} ms after the other console's PATCH answered`);
    expect(new Set(await shownIds(page)).size).toBe(12); // no duplicate row

    // Another console renames a Pending trip of that month, newer than the rows here, so it matches: it enters the
    // filter on page 1, every row shifts one down, and the total follows.
    const [entering] = (
      await db.query<{ id: number; version: number }>(
        `SELECT id, version FROM trips
          WHERE status = 'Pending' AND NOT deleted AND to_char(departure_date, 'YYYY-MM') = $1 AND id > $2
            AND lower(destination || ' ' || coalesce(notes, '') || ' ' || trip_type || ' ' || coalesce(custom_type, '')) NOT LIKE '%' || $3 || '%'
          ORDER BY id DESC LIMIT 1`,
        [pick.month, Math.max(...afterLeave.trips.map((t) => t.id)), pick.word],
      )
    ).rows;
    expect(entering).toBeDefined();
    const t2 = Date.now();
    const word = pick.word[0].toUpperCase() + pick.word.slice(1);
    await api('PATCH', `/trips/${entering.id}`, { destination: `City ${word} Annex`, version: entering.version });
    await page
      .getByTestId('page-range')
      .filter({ hasText: `13–24 of ${pick.n} Trips` })
      .waitFor({ timeout: 10_000 });
    const afterEnter = await serverPage(2);
    await waitForRows(
      page,
      afterEnter.trips.map((t) => t.id),
    );
    console.log(`trips-scale: page 2 shifted for a trip entering page 1 ${Date.now() - t2} ms after the PATCH answered`);

    // Back on page 1 the new trip is there, in its place.
    await page.getByRole('button', { name: 'Previous page' }).click();
    await page.locator(`tr[data-trip-id="${entering.id}"]`).waitFor({ timeout: 10_000 });
    const firstAgain = await serverPage(1);
    expect(await shownIds(page)).toEqual(firstAgain.trips.map((t) => t.id));
    await context.close();
  });
});
