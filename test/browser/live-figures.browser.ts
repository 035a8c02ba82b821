import type { Page, Request } from 'playwright-core';
import { addDays, localDate } from '../../server/src/contracts/calendar';
import { type InvoiceSummaryDto, invoiceMoney } from '../../server/src/contracts/invoices';
import { quotedBusPrice } from '../../server/src/contracts/pricing';
import type { TripStats } from '../../server/src/contracts/trip-list';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { useConsole } from '../support/browser';
import { live, markDocument, sameDocument, shot } from './page-helpers';

/**
 * The figures follow a busy console without asking again: while Rami (Riverside Academy) and Fay (Falcon Transport)
 * make 100 trip changes through the API in about ten seconds, the admin's dashboard keeps its four cards in step from
 * the figures the server pushes (`trips:stats`), and Finance, whose tiles only an invoice moves, keeps its own; at the
 * end both show what the API answers, neither asked for its figures more than once, and neither page reloaded.
 */
describe('live figures: the dashboard and Finance follow 100 changes made elsewhere', () => {
  const app = useConsole();
  const { api, login } = app;

  const ADMIN = 'admin@demo.test';
  const FIN = 'finance@demo.test';
  const RAMI = 'staff.riverside@demo.test';
  const FAY = 'dispatch.falcon@demo.test';

  const CARDS = { total: 'Total trips', upcoming: 'Upcoming from today', pending: 'Pending requests', cancelled: 'Cancelled' } as const;

  /** Counts, from now on, the page's requests to each of the given API paths (query strings aside). */
  function countRequests(page: Page, paths: readonly string[]): Record<string, number> {
    const counts: Record<string, number> = Object.fromEntries(paths.map((p) => [p, 0]));
    page.on('request', (request: Request) => {
      const path = new URL(request.url()).pathname;
      if (path in counts) counts[path] += 1;
    });
    return counts;
  }

  const cards = (page: Page) =>
    Promise.all(Object.values(CARDS).map(async (label) => Number((await page.getByTestId(`stat-${label}`).textContent())?.trim())));
  const tiles = (page: Page) =>
    Promise.all(
      ['paid-revenue', 'outstanding', 'overdue', 'invoices-shown'].map(async (id) => (await page.getByTestId(id).textContent())?.trim()),
    );

  /** Polls until `read` gives what `want` gives (both read again each time), up to 10 s; the last pair either way. */
  async function settleOn<T>(read: () => Promise<T>, want: () => Promise<T>): Promise<{ shown: T; wanted: T }> {
    const until = Date.now() + 10_000;
    for (;;) {
      const [shown, wanted] = await Promise.all([read(), want()]);
      if (JSON.stringify(shown) === JSON.stringify(wanted) || Date.now() > until) return { shown, wanted };
      await new Promise((r) => setTimeout(r, 250));
    }
  }

  it('keeps the four cards and the Finance tiles right through 100 changes, without asking for them again', async () => {
    const [admin, fin, rami, fay] = await Promise.all([login(ADMIN), login(FIN), login(RAMI), login(FAY)]);

    // The admin's dashboard and Fin's Finance, each in its own context, loaded and live.
    const dashboard = (await app.signIn(ADMIN)).page;
    await dashboard.goto('/');
    await dashboard.getByTestId(`stat-${CARDS.total}`).waitFor();
    await live(dashboard);
    await markDocument(dashboard);
    const finance = (await app.signIn(FIN)).page;
    await finance.goto('/finance');
    await finance.getByRole('heading', { name: 'Finance', exact: true }).waitFor();
    await finance.locator('[data-invoice-id]').first().waitFor();
    await live(finance);
    await markDocument(finance);
    // Whatever the first render asked for has been answered before counting starts.
    await Promise.all([dashboard.waitForLoadState('networkidle'), finance.waitForLoadState('networkidle')]);
    const before = await cards(dashboard);
    const invoicesBefore = (await api<InvoiceSummaryDto>(fin, 'GET', 'invoices/summary')).count;
    const dashboardAsked = countRequests(dashboard, ['/api/trips/stats']);
    const financeAsked = countRequests(finance, ['/api/invoices/summary', '/api/invoices']);

    // The other console: 100 changes, at most 4 under way at once, started about 100 ms apart.
    let changes = 0;
    let cancellations = 0;
    let nextStart = Date.now();
    const paced = async <T>(change: () => Promise<T>): Promise<T> => {
      const at = nextStart;
      nextStart = Math.max(at, Date.now()) + 100;
      await new Promise((r) => setTimeout(r, Math.max(0, at - Date.now())));
      const done = await change();
      changes += 1;
      return done;
    };
    const patch = async (token: string, trip: TripDto, body: Record<string, unknown>) => {
      const changed = await paced(() => api<TripDto>(token, 'PATCH', `trips/${trip.id}`, { ...body, version: trip.version }));
      if (body.status === 'Canceled') cancellations += 1;
      return changed;
    };
    /** A bus at Falcon's quoted price (a price far from the quote asks for a reason). */
    const bus = (t: TripDto) => {
      const price = quotedBusPrice(t.estimate, 'White Bus');
      if (price === null) throw new Error('Falcon prices no White Bus: the demo rates are missing');
      return { busType: 'White Bus', busSeats: 30, tripPrice: price / 100, driverName: 'Hana Qasim', driverPhone: '+971 55 444 5566' };
    };
    const tag = Date.now().toString(36);

    /** Each trip's story after Rami requests it (30 requests, 70 changes after them: 100). */
    type Story = (trip: TripDto) => Promise<unknown>;
    const cancelByRami: Story = (t) => patch(rami, t, { status: 'Canceled' });
    const cancelledThenDeleted: Story = async (t) => patch(admin, await patch(rami, t, { status: 'Canceled' }), { deleted: true });
    const rejected: Story = (t) => patch(fay, t, { status: 'Rejected' });
    const editedTwice: Story = async (t) => patch(rami, await patch(rami, t, { students: 30 }), { students: 31 });
    const confirm = async (t: TripDto) => patch(fay, await patch(fay, t, { status: 'Accepted' }), { status: 'Confirmed', buses: [bus(t)] });
    const confirmed: Story = confirm;
    const editedThenConfirmed: Story = async (t) => {
      const accepted = await patch(fay, t, { status: 'Accepted' });
      const edited = await patch(rami, accepted, { staff: 3 });
      return patch(fay, edited, { status: 'Confirmed', buses: [bus(edited)] });
    };
    const cancelAsked = async (t: TripDto) => patch(rami, await confirm(t), { status: 'Cancel Requested' });
    const cancelApproved: Story = async (t) => patch(fay, await cancelAsked(t), { status: 'Canceled' });
    const cancelDeclined: Story = async (t) => patch(fay, await cancelAsked(t), { status: 'Confirmed' });
    const stories: Story[] = [
      ...Array<Story>(2).fill(cancelByRami), // 2 × 2
      ...Array<Story>(3).fill(cancelledThenDeleted), // 3 × 3
      ...Array<Story>(5).fill(rejected), // 5 × 2
      ...Array<Story>(5).fill(editedTwice), // 5 × 3, still Pending
      ...Array<Story>(4).fill(confirmed), // 4 × 3
      ...Array<Story>(5).fill(editedThenConfirmed), // 5 × 4
      ...Array<Story>(3).fill(cancelApproved), // 3 × 5
      ...Array<Story>(3).fill(cancelDeclined), // 3 × 5
    ];
    const today = localDate();
    const queue = stories.map((story, i) => async () => {
      const day = addDays(today, 7 + i);
      const requested = await paced(() =>
        api<TripDto>(rami, 'POST', 'trips', {
          tripType: 'Day Trip',
          destination: `Live Figures ${tag} ${i + 1}`,
          departureDate: day,
          departureTime: '08:00 AM',
          returnDate: day,
          returnTime: '02:00 PM',
          students: 20,
          staff: 2,
          distanceKm: 40,
        }),
      );
      await story(requested);
    });
    const started = Date.now();
    await Promise.all(
      Array.from({ length: 4 }, async () => {
        for (let next = queue.shift(); next; next = queue.shift()) await next();
      }),
    );
    const tookMs = Date.now() - started;
    expect(changes).toBe(100);

    // Both screens come to what the API answers now, and every card moved.
    const figures = async () => {
      const s = await api<TripStats>(admin, 'GET', 'trips/stats');
      return [s.total, s.upcoming, s.pending, s.cancelled];
    };
    const dash = await settleOn(() => cards(dashboard), figures);
    expect(dash.shown).toEqual(dash.wanted);
    expect(dash.shown.map((n, i) => n !== before[i])).toEqual([true, true, true, true]);
    const money = async () => {
      const s = await api<InvoiceSummaryDto>(fin, 'GET', 'invoices/summary');
      return [
        invoiceMoney(s.paidRevenue, s.currency),
        invoiceMoney(s.outstanding, s.currency),
        invoiceMoney(s.overdue, s.currency),
        String(s.count),
      ];
    };
    const tiled = await settleOn(() => tiles(finance), money);
    expect(tiled.shown).toEqual(tiled.wanted);
    const invoicesIssued = Number(tiled.wanted[3]) - invoicesBefore;

    // Pushes carried the dashboard's figures: no trip event cost it a GET. Finance reads its tiles again only on an
    // invoice event (invoices.live.ts), and these changes issued none. Neither page reloaded.
    const asked = { dashboardStats: dashboardAsked['/api/trips/stats'], financeSummary: financeAsked['/api/invoices/summary'] };
    console.log('live figures', {
      changes,
      tookMs,
      asked,
      financeAsked,
      cancellations,
      invoicesIssued,
      cardsBefore: before,
      cardsAfter: dash.shown,
    });
    expect(asked.dashboardStats).toBeLessThanOrEqual(1);
    expect(asked.financeSummary).toBeLessThanOrEqual(1 + invoicesIssued);
    expect([await sameDocument(dashboard), await sameDocument(finance)]).toEqual([true, true]);
    await shot(dashboard, 'live-figures-dashboard-1280');
  });
});
