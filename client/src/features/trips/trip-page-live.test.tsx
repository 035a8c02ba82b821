import type { TripPage } from '@contracts/trip-list';
import type { TripDto } from '@contracts/trip-wire';
import { act, renderHook, waitFor } from '@testing-library/react';
import { getQueryData, invalidateQueries } from '../../api/query-cache';
import { emitLiveForTest, onLiveResync, resyncForTest } from '../../api/socket';
import { mockFetch } from '../../test-utils';
import { makeTrip, tripRoutes } from './test-trips';
import { mergeTrip, type TripPageQuery, tripKeys, useTripPage } from './trips.api';
import { subscribeTripsLive } from './trips.live';

/**
 * Live merging with server pages (docs/architecture.md, "Reads at scale"): a pushed trip moves in or out of the cached
 * page it belongs to, the total follows, and when rows shift in from another page the page on screen is asked again
 * (and only that one). The
 * "server" is tripRoutes over `server`, which each test changes before it pushes the matching event, as the real
 * server does.
 */
let server: TripDto[] = [];
let off: () => void;
const live = { tenantId: 1 };
let seq = 0;

const trip = (id: number, extra: Partial<TripDto> = {}) =>
  makeTrip({ id, destination: `Stop ${id}`, status: 'Pending', version: 1, ...extra });
const page = (q: TripPageQuery) => getQueryData<TripPage>(tripKeys.page(q));
const ids = (q: TripPageQuery) => page(q)?.trips.map((t) => t.id);
const pageCalls = (calls: { method: string; path: string }[]) => calls.filter((c) => c.path === '/api/trips').length;

function created(t: TripDto) {
  server = [...server, t];
  act(() => emitLiveForTest('trip:created', { ...live, seq: ++seq, trip: t }));
}
function updated(t: TripDto) {
  server = server.map((x) => (x.id === t.id ? t : x));
  act(() => emitLiveForTest('trip:updated', { ...live, seq: ++seq, trip: t, status: t.status }));
}

/** Shows a page (a mounted reader, as All Trips is) and waits for the server's answer. */
async function show(q: TripPageQuery) {
  const view = renderHook(() => useTripPage(q));
  await waitFor(() => expect(view.result.current.data?.trips).toBeDefined());
  return view;
}

const q = (extra: Partial<TripPageQuery> = {}): TripPageQuery => ({
  filter: {},
  order: { sort: 'id', dir: 'desc' },
  page: 1,
  pageSize: 3,
  ...extra,
});

beforeEach(() => {
  off = subscribeTripsLive();
  server = [1, 2, 3, 4, 5, 6, 7].map((id) => trip(id, { departureDate: `2031-03-${String(10 + id)}`, date: `2031-03-${String(10 + id)}` }));
});
afterEach(() => off());

describe('live trips on server pages', () => {
  it('inserts a new trip into the page it belongs to, drops the row pushed off, and counts it, without asking again', async () => {
    const { calls } = mockFetch(tripRoutes(() => server));
    const first = q();
    await show(first);
    expect(ids(first)).toEqual([7, 6, 5]);
    const before = pageCalls(calls);

    created(trip(8));
    expect(ids(first)).toEqual([8, 7, 6]); // newest first: on top; 5 moves to page 2
    expect(page(first)?.total).toBe(8);
    expect(page(first)?.pageCount).toBe(3);
    expect(pageCalls(calls)).toBe(before);

    // the same event again (this console's own answer, then its echo) is not counted twice
    act(() => emitLiveForTest('trip:created', { ...live, seq: ++seq, trip: trip(8) }));
    expect(ids(first)).toEqual([8, 7, 6]);
    expect(page(first)?.total).toBe(8);
  });

  it("puts the console's own new trip on its page when its answer comes before the live echo", async () => {
    mockFetch(tripRoutes(() => server));
    const first = q();
    await show(first);
    const mine = trip(8);
    server = [...server, mine];
    act(() => {
      mergeTrip(mine, 'created'); // the request form's answer
    });
    expect(ids(first)).toEqual([8, 7, 6]);
    expect(page(first)?.total).toBe(8);
    act(() => emitLiveForTest('trip:created', { ...live, seq: ++seq, trip: mine })); // the echo: seen already
    expect(ids(first)).toEqual([8, 7, 6]);
    expect(page(first)?.total).toBe(8);
  });

  it('removes a trip that leaves the filter, the total one less, and pulls the next row in from the server', async () => {
    const { calls } = mockFetch(tripRoutes(() => server));
    const pending = q({ filter: { status: 'Pending' } });
    await show(pending);
    expect(ids(pending)).toEqual([7, 6, 5]);
    const before = pageCalls(calls);

    updated({ ...server.find((t) => t.id === 6)!, status: 'Accepted', version: 2 });
    // at once: out of the page, total follows; never shown twice
    expect(ids(pending)).toEqual([7, 5]);
    expect(page(pending)?.total).toBe(6);
    // then the server's page fills the gap with the next row (4), which was on page 2
    await waitFor(() => expect(ids(pending)).toEqual([7, 5, 4]));
    expect(page(pending)?.total).toBe(6);
    expect(pageCalls(calls)).toBe(before + 1);
  });

  it('puts a trip that enters the filter where it belongs on the page, and counts it', async () => {
    server = server.map((t) => (t.id === 6 ? { ...t, status: 'Accepted' } : t));
    const { calls } = mockFetch(tripRoutes(() => server));
    const pending = q({ filter: { status: 'Pending' } });
    await show(pending);
    expect(ids(pending)).toEqual([7, 5, 4]);
    expect(page(pending)?.total).toBe(6);
    const before = pageCalls(calls);

    // 6 was never on a page this console loaded, so it cannot tell whether the total counted it already: it asks again
    updated({ ...server.find((t) => t.id === 6)!, status: 'Pending', version: 2 });
    await waitFor(() => expect(ids(pending)).toEqual([7, 6, 5]));
    expect(page(pending)?.total).toBe(7);
    expect(pageCalls(calls)).toBe(before + 1);
  });

  it('moves a trip within the page when its date changes the order, and asks again when it may leave the page', async () => {
    const { calls } = mockFetch(tripRoutes(() => server));
    const byDate = q({ order: { sort: 'date', dir: 'asc' }, page: 2 });
    await show(byDate);
    expect(ids(byDate)).toEqual([4, 5, 6]);
    const before = pageCalls(calls);

    // 5 moves after 6 but stays inside the page's range (before 7 on page 3): reordered here, no call
    updated({ ...server.find((t) => t.id === 5)!, departureDate: '2031-03-16', date: '2031-03-16', departureTime: '09:30', version: 2 });
    expect(ids(byDate)).toEqual([4, 6, 5]);
    await waitFor(() => expect(pageCalls(calls)).toBe(before + 1)); // at the page's last row: the server decides
    expect(ids(byDate)).toEqual([4, 6, 5]);

    // 4 moves to the end of March: off this page to page 3; 7 comes up from page 3 (by the server's answer)
    updated({ ...server.find((t) => t.id === 4)!, departureDate: '2031-03-31', date: '2031-03-31', version: 2 });
    await waitFor(() => expect(ids(byDate)).toEqual([6, 5, 7]));
    expect(page(byDate)?.total).toBe(7);
  });

  it('refetches a later page when a trip enters before it, and ignores a change to a trip on another page that cannot move it', async () => {
    const { calls } = mockFetch(tripRoutes(() => server));
    const second = q({ page: 2 });
    await show(second);
    expect(ids(second)).toEqual([4, 3, 2]);
    let before = pageCalls(calls);

    // a new trip is newest: it goes on page 1, so every row of page 2 shifts down one; only the server knows the rows
    created(trip(8));
    await waitFor(() => expect(ids(second)).toEqual([5, 4, 3]));
    expect(page(second)?.total).toBe(8);
    expect(pageCalls(calls)).toBe(before + 1);

    // 7 (on page 1) changes status; no filter and the id order: it stays where it was, nothing here moves
    before = pageCalls(calls);
    updated({ ...server.find((t) => t.id === 7)!, status: 'Accepted', version: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(pageCalls(calls)).toBe(before);
    expect(ids(second)).toEqual([5, 4, 3]);
  });

  it('drops a deleted trip from its page and the total', async () => {
    mockFetch(tripRoutes(() => server));
    const first = q({ pageSize: 12 });
    await show(first);
    server = server.filter((t) => t.id !== 3);
    act(() => emitLiveForTest('trip:deleted', { ...live, seq: ++seq, tripId: 3 }));
    expect(ids(first)).toEqual([7, 6, 5, 4, 2, 1]);
    expect(page(first)?.total).toBe(6);
  });

  it('on a resync refetches only the pages on screen; a page no longer shown is dropped and loads afresh when shown again', async () => {
    const offResync = onLiveResync(() => invalidateQueries()); // as app/live-sync.ts does
    const { calls, queries } = mockFetch(tripRoutes(() => server));
    const first = q();
    const second = q({ page: 2 });
    const shown = await show(first);
    const hidden = await show(second);
    hidden.unmount(); // the user went back to page 1
    const before = pageCalls(calls);

    server = [...server, trip(9), trip(8)]; // changed while this console was disconnected: no events arrived
    act(() => resyncForTest());
    await waitFor(() => expect(ids(first)).toEqual([9, 8, 7]));
    const asked = queries.filter((_q, i) => calls[i].path === '/api/trips');
    expect(pageCalls(calls)).toBe(before + 1); // page 1 only
    expect(asked.at(-1)?.get('page')).toBe('1');
    expect(page(second)).toBeUndefined();
    expect(shown.result.current.data?.total).toBe(9);
    offResync();
  });
});
