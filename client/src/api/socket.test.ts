import { emitLiveForTest, helloForTest, onLiveResync, resetLiveForTest } from './socket';

describe('live seq', () => {
  let resyncs: number;
  let off: () => void;
  beforeEach(() => {
    jest.useFakeTimers();
    resetLiveForTest();
    resyncs = 0;
    off = onLiveResync(() => (resyncs += 1));
  });
  afterEach(() => {
    off();
    jest.useRealTimers();
  });

  const event = (seq: number) => emitLiveForTest('trip:deleted', { seq, tenantId: 1, tripId: seq });

  it('refetches when an admin’s stream has a hole that does not fill', () => {
    helloForTest({ seq: { '1': 10 } }, { wholeTenant: true });
    event(11);
    event(13);
    jest.advanceTimersByTime(1000);
    expect(resyncs).toBe(0);
    jest.advanceTimersByTime(600);
    expect(resyncs).toBe(1);
    event(14); // counting goes on from the newest seen
    jest.advanceTimersByTime(2000);
    expect(resyncs).toBe(1);
  });

  it('does not refetch when the missing event arrives a little late', () => {
    helloForTest({ seq: { '1': 10 } }, { wholeTenant: true });
    event(12);
    event(11);
    jest.advanceTimersByTime(2000);
    expect(resyncs).toBe(0);
  });

  it('ignores holes for users who are not sent every event of the tenant', () => {
    helloForTest({ seq: { '1': 10 } }, { wholeTenant: false });
    event(15);
    jest.advanceTimersByTime(2000);
    expect(resyncs).toBe(0);
  });

  it('refetches when a later hello is ahead of what arrived (a reconnect that missed events)', () => {
    helloForTest({ seq: { '1': 10 } });
    event(11);
    helloForTest({ seq: { '1': 11 } });
    expect(resyncs).toBe(0);
    helloForTest({ seq: { '1': 14 } });
    expect(resyncs).toBe(1);
  });
});
