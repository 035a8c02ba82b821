import { PresenceMessages, type PresenceViewer } from '@contracts/presence';
import { act, renderHook } from '@testing-library/react';
import {
  announcePresence,
  resetPresenceForTest,
  subscribePresenceLive,
  syncPresence,
  useAnnounce,
  useOnlineUsers,
  useTripPresence,
} from './presence';
import { emitLiveForTest, emitPresenceForTest, helloForTest, resetLiveForTest, sendLive } from './socket';

jest.mock('./socket', () => ({ ...jest.requireActual('./socket'), sendLive: jest.fn() }));
const send = sendLive as jest.MockedFunction<typeof sendLive>;

const dev: PresenceViewer = {
  userId: 7,
  name: 'Dev Desert',
  role: 'bus_company',
  activity: 'assigning',
  since: '2031-05-01T09:41:00.000Z',
};
const sam: PresenceViewer = { userId: 3, name: 'Sam School', role: 'school_staff', activity: 'viewing', since: '2031-05-01T09:45:00.000Z' };
const push = (tripId: number, version: number, viewers: PresenceViewer[]) =>
  act(() => emitPresenceForTest('presence:trip', { tripId, tenantId: 1, version, viewers }));
const flush = () => act(async () => {});

describe('presence on the client', () => {
  let off: () => void;
  beforeEach(() => {
    resetPresenceForTest();
    resetLiveForTest();
    send.mockReset();
    send.mockResolvedValue({ ok: true });
    off = subscribePresenceLive();
  });
  afterEach(() => off());

  it('shows the viewers of a trip from the pushes, keeping the newest version whatever the order of arrival', () => {
    const { result } = renderHook(() => useTripPresence(12));
    expect(result.current).toEqual([]);
    push(12, 5, [dev]);
    expect(result.current).toEqual([dev]);
    push(12, 4, []); // an older push that arrives late
    expect(result.current).toEqual([dev]);
    push(12, 6, [dev, sam]);
    expect(result.current.map((v) => v.name)).toEqual(['Dev Desert', 'Sam School']);
    push(12, 7, []);
    expect(result.current).toEqual([]);
  });

  it('takes a full snapshot as the truth for every trip it covers, unless a newer push overtook it', () => {
    const eleven = renderHook(() => useTripPresence(11));
    const twelve = renderHook(() => useTripPresence(12));
    const thirteen = renderHook(() => useTripPresence(13));
    push(11, 10, [sam]); // stale: the snapshot no longer lists it
    push(12, 30, [sam]); // newer than the snapshot
    act(() =>
      emitPresenceForTest('presence:snapshot', {
        version: 20,
        tripIds: 'all',
        trips: [{ tripId: 13, tenantId: 1, version: 15, viewers: [dev] }],
      }),
    );
    expect(eleven.result.current).toEqual([]);
    expect(twelve.result.current).toEqual([sam]);
    expect(thirteen.result.current).toEqual([dev]);
  });

  it('takes a snapshot of some trips as the truth for those only', () => {
    const eleven = renderHook(() => useTripPresence(11));
    const twelve = renderHook(() => useTripPresence(12));
    push(11, 10, [sam]);
    push(12, 10, [sam]);
    act(() => emitPresenceForTest('presence:snapshot', { version: 20, tripIds: [12], trips: [] }));
    expect(eleven.result.current).toEqual([sam]);
    expect(twelve.result.current).toEqual([]);
  });

  it('forgets the viewers of a trip the user can no longer see', () => {
    const { result } = renderHook(() => useTripPresence(12));
    push(12, 5, [dev]);
    act(() => emitLiveForTest('trip:deleted', { tripId: 12, seq: 1, tenantId: 1 }));
    expect(result.current).toEqual([]);
  });

  it('knows who is online from the snapshot and each change, by version', () => {
    const { result } = renderHook(() => useOnlineUsers());
    expect([...result.current]).toEqual([]);
    act(() => emitPresenceForTest('presence:online', { tenantId: 1, version: 100, userIds: [3, 7] }));
    expect([...result.current].sort()).toEqual([3, 7]);
    act(() => emitPresenceForTest('presence:user', { tenantId: 1, userId: 7, online: false, version: 101 }));
    expect([...result.current]).toEqual([3]);
    act(() => emitPresenceForTest('presence:user', { tenantId: 1, userId: 7, online: true, version: 99 })); // older than both
    expect([...result.current]).toEqual([3]);
    act(() => emitPresenceForTest('presence:user', { tenantId: 1, userId: 9, online: true, version: 102 }));
    act(() => emitPresenceForTest('presence:online', { tenantId: 1, version: 101, userIds: [3] })); // overtaken by user 9's news
    expect([...result.current].sort()).toEqual([3, 9]);
    act(() => emitPresenceForTest('presence:online', { tenantId: 1, version: 200, userIds: [] }));
    expect([...result.current]).toEqual([]);
  });

  it('announces the activity that matters most among the screens open on a trip, once, and clears it when the last closes', async () => {
    const details = announcePresence(12, 'viewing');
    const assign = announcePresence(12, 'assigning');
    await flush();
    expect(send.mock.calls).toEqual([['presence:set', { tripId: 12, activity: 'assigning' }]]);
    assign();
    await flush();
    expect(send.mock.calls.at(-1)).toEqual(['presence:set', { tripId: 12, activity: 'viewing' }]);
    details();
    await flush();
    expect(send.mock.calls.at(-1)).toEqual(['presence:clear', { tripId: 12 }]);
    expect(send).toHaveBeenCalledTimes(3);
  });

  it('announces from a component while it is mounted, and not again when one modal replaces another', async () => {
    const { rerender, unmount } = renderHook(({ activity }) => useAnnounce(12, activity), {
      initialProps: { activity: 'viewing' as 'viewing' | 'editing' },
    });
    await flush();
    rerender({ activity: 'editing' });
    await flush();
    unmount();
    await flush();
    expect(send.mock.calls).toEqual([
      ['presence:set', { tripId: 12, activity: 'viewing' }],
      ['presence:set', { tripId: 12, activity: 'editing' }],
      ['presence:clear', { tripId: 12 }],
    ]);
  });

  it('announces again what is open after a reconnect (every hello)', async () => {
    const release = announcePresence(12, 'passengers');
    await flush();
    act(() => helloForTest({ seq: { '1': 3 } }));
    await flush();
    expect(send.mock.calls).toEqual([
      ['presence:set', { tripId: 12, activity: 'passengers' }],
      ['presence:set', { tripId: 12, activity: 'passengers' }],
    ]);
    release();
  });

  it('sends the announcement again a little later when the server says it came too fast', async () => {
    jest.useFakeTimers({ doNotFake: ['queueMicrotask'] });
    try {
      send.mockResolvedValueOnce({ ok: false, message: PresenceMessages.rateLimited });
      const release = announcePresence(12, 'editing');
      await flush();
      expect(send).toHaveBeenCalledTimes(1);
      await act(async () => {
        jest.advanceTimersByTime(2_000);
      });
      await flush();
      expect(send.mock.calls).toEqual([
        ['presence:set', { tripId: 12, activity: 'editing' }],
        ['presence:set', { tripId: 12, activity: 'editing' }],
      ]);
      release();
    } finally {
      jest.useRealTimers();
    }
  });

  it('merges a sync answer into the store', async () => {
    send.mockResolvedValueOnce({
      ok: true,
      snapshot: { version: 50, tripIds: [12], trips: [{ tripId: 12, tenantId: 1, version: 50, viewers: [dev] }] },
      online: [{ tenantId: 1, version: 50, userIds: [7] }],
    });
    const trip = renderHook(() => useTripPresence(12));
    const users = renderHook(() => useOnlineUsers());
    await act(async () => {
      await syncPresence([12]);
    });
    expect(send).toHaveBeenCalledWith('presence:sync', { tripIds: [12] });
    expect(trip.result.current).toEqual([dev]);
    expect([...users.result.current]).toEqual([7]);
  });
});
