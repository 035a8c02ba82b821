// Dispatch board, first render: Chromium (playwright-core, /usr/bin/chromium) signed in as a dispatcher on
// Account Settings clicks "Dispatch Board" in the sidebar; measured from the click to the first animation frame after
// the board shows all its bars: a week of 60 buses and 500 trips (every trip on a fleet bus, some buses twice a day),
// 60 drivers and 12 trips waiting in the "Needs a bus" lane. The board's answer (GET /api/dispatch/board) is served by
// the browser from memory, so the figure is the console's own work: loading the screen's chunk (from the replica, then
// the HTTP cache), React rendering the rows and bars, layout and paint; the server's read is 06-dispatch's to measure.
// Each round starts from a fresh page load of /settings (nothing of the board in memory); 12 rounds, the first apart.
// The floor: the same answer fetched through the same route and parsed, then the same 60 rows and 500 bars (same text,
// same absolute positions) built with plain DOM calls in the same browser, to the first frame after they are in the
// document. So console ÷ floor is what React, Mantine and the console's own work add.
//   CHROMIUM_PATH=/usr/bin/chromium
import { existsSync } from 'node:fs';
import { type Browser, chromium, type Page } from 'playwright-core';
import { hashPassword } from '../../server/src/auth/passwords';
import { addDays, localDate, weekStart } from '../../server/src/contracts/fleet-rules';
import type { BusDto, DispatchBoardDto, DriverDto } from '../../server/src/contracts/fleet-wire';
import type { BusType, TripDto } from '../../server/src/contracts/trip-wire';
import type { Cluster } from '../../scripts/cluster.mjs';
import {
  BENCH_PASSWORD,
  benchSchema,
  log,
  ratio,
  type Row,
  runBench,
  schemaPool,
  seedTenant,
  startBenchCluster,
  stats,
  writeSection,
} from './support/kit';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const BUSES = 60;
const TRIPS = 500;
const WAITING = 12;
const ROUNDS = 12;
const TYPES: BusType[] = ['Internal Yellow Bus', 'External Yellow Bus', 'White Bus'];
const stamp = '2026-01-01T08:00:00.000Z';

function trip(id: number, company: { id: number; name: string }, over: Partial<TripDto>): TripDto {
  return {
    id,
    tenantId: 1,
    tripType: 'Day Trip',
    customType: null,
    origin: 'School',
    destination: `Destination ${id}`,
    date: '',
    departureDate: '',
    departureTime: '08:00 AM',
    returnDate: '',
    returnTime: '11:00 AM',
    students: 25,
    staff: 2,
    notes: null,
    boosterSeatsRequested: false,
    boosterSeatCount: 0,
    createdBy: 'Staff',
    createdByEmail: 'staff@bench.test',
    createdById: 1,
    budgetCode: null,
    distanceKm: null,
    estimate: null,
    cancellationFee: null,
    status: 'Confirmed',
    statusBeforeCancelRequest: null,
    busInfo: null,
    driverInfo: null,
    price: 0,
    paid: false,
    editRequest: false,
    cancelRequest: false,
    buses: [],
    deleted: false,
    seriesId: null,
    version: 1,
    schoolOrgId: 1,
    schoolName: 'School 1',
    busCompanyOrgId: company.id,
    busCompanyName: company.name,
    createdAt: stamp,
    updatedAt: stamp,
    clashes: [],
    needsBus: false,
    outOfService: [],
    requestedChanges: [],
    progress: [],
    departureCount: null,
    ...over,
  };
}

/** This week's board: 60 buses and drivers; trip i on bus i % 60, up to nine per bus (mornings, then afternoons). */
function boardOf(company: { id: number; name: string }): DispatchBoardDto {
  const from = weekStart(localDate());
  const to = addDays(from, 6);
  const fleet = {
    tenantId: 1,
    companyId: company.id,
    companyName: company.name,
    active: true,
    version: 1,
    createdAt: stamp,
    updatedAt: stamp,
  };
  const buses: BusDto[] = Array.from({ length: BUSES }, (_, i) => ({
    ...fleet,
    id: i + 1,
    name: `Bus ${i + 1}`,
    plate: `DXB ${10000 + i}`,
    busType: TYPES[i % 3],
    seats: 30 + (i % 4) * 10,
    boosterSeats: i % 5,
  }));
  const drivers: DriverDto[] = Array.from({ length: BUSES }, (_, i) => ({
    ...fleet,
    id: i + 1,
    name: `Driver ${i + 1}`,
    mobile: `+971 50 ${String(1000000 + i)}`,
    licenceExpiry: addDays(from, i % 10 === 0 ? 20 : 400),
    licenceStatus: i % 10 === 0 ? 'expiresSoon' : 'valid',
    account: null,
    inviteExpiresAt: null,
  }));
  const trips = Array.from({ length: TRIPS }, (_, i) => {
    const bus = buses[i % BUSES];
    const driver = drivers[i % BUSES];
    const slot = Math.floor(i / BUSES);
    const date = addDays(from, slot % 7);
    const morning = slot < 7;
    return trip(i + 1, company, {
      date,
      departureDate: date,
      returnDate: date,
      departureTime: morning ? '08:00 AM' : '01:00 PM',
      returnTime: morning ? '11:30 AM' : '04:30 PM',
      status: i % 9 === 0 ? 'Accepted' : 'Confirmed',
      buses: [
        {
          busType: bus.busType,
          busSeats: bus.seats,
          tripPrice: 400,
          driverName: driver.name,
          driverPhone: driver.mobile,
          status: null,
          busId: bus.id,
          busName: bus.name,
          driverId: driver.id,
        },
      ],
    });
  });
  const needsBus = Array.from({ length: WAITING }, (_, i) => {
    const date = addDays(from, 7 + i);
    return trip(TRIPS + i + 1, company, { date, departureDate: date, returnDate: date, status: 'Accepted', needsBus: i < 3 });
  });
  return {
    from,
    to,
    today: localDate(),
    needsBusDays: 3,
    company: { ...company, tenantId: 1 },
    companies: [{ ...company, tenantId: 1 }],
    buses,
    drivers,
    trips,
    needsBus,
    requests: [],
    partnerSchoolIds: [],
  };
}

/** From the click on the sidebar link to the first frame after `count` bars are in the board. */
async function consoleRound(page: Page, count: number): Promise<number> {
  await page.goto('/settings');
  await page.getByRole('heading', { name: 'Account Settings', exact: true }).waitFor();
  await page.waitForTimeout(300);
  // page code as text: this file is type-checked without the DOM's types (as 05-client's INSTRUMENT)
  return page.evaluate<number>(`new Promise((done) => {
    const link = Array.from(document.querySelectorAll('nav a')).find((a) => a.textContent.includes('Dispatch Board'));
    const t0 = performance.now();
    const observer = new MutationObserver(() => {
      if (document.querySelectorAll('[data-row] [data-trip-id]').length < ${count}) return;
      observer.disconnect();
      requestAnimationFrame(() => done(performance.now() - t0));
    });
    observer.observe(document.body, { subtree: true, childList: true });
    link.click();
  })`);
}

/** The same rows and bars as plain DOM: 60 rows of a label and a track, 500 absolutely placed bars with their text. */
async function floorRound(page: Page, board: DispatchBoardDto): Promise<number> {
  await page.goto('/bench-bare-board');
  const rows = board.buses.map((bus) => ({
    label: bus.name,
    detail: `${bus.busType} · ${bus.seats} seats`,
    bars: board.trips
      .filter((t) => t.buses[0].busId === bus.id)
      .map((t) => {
        const day = Math.round((Date.parse(t.departureDate) - Date.parse(board.from)) / 86_400_000);
        const morning = t.departureTime === '08:00 AM';
        return { text: t.destination, left: ((day + (morning ? 2 / 14 : 7 / 14)) / 7) * 100, width: (3.5 / 14 / 7) * 100 };
      }),
  }));
  // the same answer through the same route, parsed, then the DOM
  return page.evaluate<number>(`new Promise(async (done) => {
    const rows = ${JSON.stringify(rows)};
    const t0 = performance.now();
    const answer = await (await fetch('/api/dispatch/board?from=${board.from}&to=${board.to}')).json();
    if (answer.trips.length !== ${board.trips.length}) throw new Error('not the board');
    const root = document.getElementById('root');
    for (const row of rows) {
      const el = document.createElement('div');
      el.style.display = 'grid';
      el.style.gridTemplateColumns = '220px 1fr';
      const head = document.createElement('div');
      const name = document.createElement('p');
      name.textContent = row.label;
      const detail = document.createElement('p');
      detail.textContent = row.detail;
      head.append(name, detail);
      const track = document.createElement('div');
      track.style.position = 'relative';
      track.style.height = '38px';
      for (const bar of row.bars) {
        const b = document.createElement('button');
        b.textContent = bar.text;
        b.setAttribute('aria-label', bar.text);
        b.style.cssText = 'position:absolute;left:' + bar.left + '%;width:' + bar.width + '%;top:4px;height:26px;overflow:hidden;white-space:nowrap';
        track.appendChild(b);
      }
      el.append(head, track);
      root.appendChild(el);
    }
    requestAnimationFrame(() => done(performance.now() - t0));
  })`);
}

let cluster: Cluster | undefined;
let browser: Browser | undefined;
let dropSchema: (() => Promise<void>) | undefined;

async function main(): Promise<void> {
  const started = Date.now();
  if (!existsSync(CHROMIUM)) throw new Error(`No Chromium at ${CHROMIUM} (apt-get install chromium, or set CHROMIUM_PATH)`);
  const { schema, drop } = await benchSchema('board');
  dropSchema = drop;
  log(`board: one replica (schema ${schema}); a board of ${BUSES} buses and ${TRIPS} trips served from memory`);
  cluster = await startBenchCluster(schema, 1);
  const [a] = cluster.replicas;
  const db = schemaPool(schema, 2);
  const t = await seedTenant(db, { name: 'Board', trips: 0, passwordHash: await hashPassword(BENCH_PASSWORD) });
  await db.end();
  const board = boardOf({ id: t.companies[0], name: 'Buses 1' });
  const body = JSON.stringify(board);

  browser = await chromium.launch({
    executablePath: CHROMIUM,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  const context = await browser.newContext({ baseURL: a.url, viewport: { width: 1280, height: 860 } });
  await context.route('**/api/dispatch/board?*', (route) => route.fulfill({ contentType: 'application/json', body }));
  await context.route('**/bench-bare-board', (route) =>
    route.fulfill({ contentType: 'text/html', body: '<!doctype html><html><body><div id="root"></div></body></html>' }),
  );
  const page = await context.newPage();
  await page.goto('/login');
  await page.getByLabel(/^Email/).fill(t.emails[t.dispatchers[0]]);
  await page.getByLabel(/^Password/).fill(BENCH_PASSWORD);
  await page.getByRole('button', { name: /^sign in$/i }).click();
  await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 15_000 });

  const consoleTimes: number[] = [];
  const floorTimes: number[] = [];
  for (let i = 0; i < ROUNDS; i++) {
    consoleTimes.push(await consoleRound(page, TRIPS));
    floorTimes.push(await floorRound(page, board));
  }
  const [first, ...rest] = consoleTimes;
  const app = stats(rest);
  const floor = stats(floorTimes.slice(1));
  const rows: Row[] = [
    {
      area: 'Dispatch board',
      measure: `first render of a week, ${BUSES} buses, ${TRIPS} trips, median of ${rest.length}`,
      unit: 'ms',
      value: app.median,
      floor: floor.median,
      floorLabel: 'the same answer fetched, then the same rows and bars as plain DOM, same browser',
      ratio: ratio(app.median, floor.median),
      note: `p95 ${app.p95.toFixed(1)} ms; the very first (the screen's chunk from the replica) ${first.toFixed(1)} ms; floor p95 ${floor.p95.toFixed(1)} ms`,
    },
  ];
  log(`board: console median ${app.median.toFixed(1)} ms, floor ${floor.median.toFixed(1)} ms`);
  writeSection(
    '07-board',
    {
      name: 'Dispatch board',
      floor: 'the same answer fetched and parsed, then the same 60 rows and 500 bars built with plain DOM calls in the same Chromium',
      rows,
      details: { consoleMs: consoleTimes, floorMs: floorTimes, buses: BUSES, trips: TRIPS, waiting: WAITING, boardBytes: body.length },
    },
    started,
  );
}

runBench(main, async () => {
  await browser?.close();
  await cluster?.stop();
  await dropSchema?.();
});
