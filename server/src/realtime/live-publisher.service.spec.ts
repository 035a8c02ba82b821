import { LivePublisher, send } from './live-publisher.service';
import type { LiveSeqService } from './live-seq.service';
import type { LiveServer } from './live-server';

/** A tenant counter as live_seqs keeps it, counting the statements that took numbers. */
function fakeSeqs() {
  const counters = new Map<number, number>();
  const calls: { tenantId: number | null; count: number }[] = [];
  const seqs = {
    next: async (tenantId: number | null, count = 1) => {
      calls.push({ tenantId, count });
      await new Promise((r) => setTimeout(r, 5)); // a round trip, during which more events queue up
      const last = (counters.get(tenantId ?? 0) ?? 0) + count;
      counters.set(tenantId ?? 0, last);
      return last;
    },
  };
  return { seqs: seqs as unknown as LiveSeqService, calls };
}

/** A Socket.IO server that records what would be emitted to which rooms. */
function fakeServer() {
  const emitted: { to: string[]; event: string; payload: Record<string, unknown> }[] = [];
  const server = {
    to: (to: string[]) => ({
      except: () => ({ emit: (event: string, payload: Record<string, unknown>) => emitted.push({ to, event, payload }) }),
    }),
  };
  return { server: server as unknown as LiveServer, emitted };
}

const userUpdated = (name: string) => send('user:updated', ['role:admin:7'], { user: { name } as never });

describe('LivePublisher', () => {
  it('numbers a burst of one tenant’s events without a gap, in publication order, taking the numbers in fewer statements', async () => {
    const { seqs, calls } = fakeSeqs();
    const { server, emitted } = fakeServer();
    const publisher = new LivePublisher(seqs);
    publisher.attach(server);
    const names = Array.from({ length: 10 }, (_, i) => `u${i}`);
    await Promise.all(names.map((n) => publisher.publish(7, () => [userUpdated(n)])));
    expect(emitted.map((e) => (e.payload.user as { name: string }).name)).toEqual(names);
    expect(emitted.map((e) => e.payload.seq)).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    expect(emitted.every((e) => e.payload.tenantId === 7)).toBe(true);
    // the first event goes out alone; the nine that queued behind its round trip share one statement
    expect(calls).toEqual([
      { tenantId: 7, count: 1 },
      { tenantId: 7, count: 9 },
    ]);
  });

  it('gives a number only to events that go to someone, and keeps tenants’ counters apart', async () => {
    const { seqs, calls } = fakeSeqs();
    const { server, emitted } = fakeServer();
    const publisher = new LivePublisher(seqs);
    publisher.attach(server);
    await Promise.all([
      publisher.publish(1, () => [userUpdated('a')]),
      publisher.publish(1, () => [send('user:updated', [], { user: { name: 'nobody' } as never })]),
      publisher.publish(1, () => {
        throw new Error('plan failed');
      }),
      publisher.publish(2, () => [userUpdated('b')]),
      publisher.publish(1, () => [userUpdated('c')]),
    ]);
    const of = (t: number) =>
      emitted.filter((e) => e.payload.tenantId === t).map((e) => [(e.payload.user as { name: string }).name, e.payload.seq]);
    expect(of(1)).toEqual([
      ['a', 1],
      ['c', 2],
    ]);
    expect(of(2)).toEqual([['b', 1]]);
    expect(calls.reduce((n, c) => n + c.count, 0)).toBe(3);
  });
});
