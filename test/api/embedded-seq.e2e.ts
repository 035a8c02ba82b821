import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LiveSeqService } from '../../server/src/realtime/live-seq.service';
import { copyOfTemplate, startTestApp, type TestApp } from '../support/app';
import { buildTenant } from '../support/factories';
import { closeAllClients, connectLive } from '../realtime/live-client';

/**
 * `npm start`'s live-event numbers (server/src/realtime/live-seq.service.ts): one process owns the embedded database,
 * so a tenant's counter is held in memory, read from live_seqs on its first use and written back behind the events.
 */
describe('live-event numbers on the embedded database', () => {
  // Restarted on the same folder: a copy of the run's migrated database, kept across its starts.
  const dataDir = copyOfTemplate() ?? mkdtempSync(join(tmpdir(), 'console-seq-'));
  const start = () => startTestApp({ DATA_DIR: dataDir, SEED_DEMO: 'false' }, { driver: 'pglite' });
  const stored = async (t: TestApp, tenantId: number) =>
    Number((await t.db.query<{ seq: string }[]>(`SELECT seq FROM live_seqs WHERE tenant_id = $1`, [tenantId]))[0]?.seq ?? 0);
  const turn = () => new Promise((r) => setImmediate(r));
  let t: TestApp;

  beforeAll(async () => {
    t = await start();
  }, 120_000);
  afterAll(async () => {
    closeAllClients();
    await t?.close();
  });

  it('takes numbers without a call into the database each, gapless from the stored counter, and writes them back', async () => {
    const seqs = t.app.get(LiveSeqService);
    await t.db.query(`INSERT INTO live_seqs (tenant_id, seq) VALUES (9001, 41)`);
    const query = jest.spyOn(t.db, 'query');
    const taken: number[] = [];
    for (let i = 0; i < 50; i++) taken.push(await seqs.next(9001));
    taken.push(...(await Promise.all(Array.from({ length: 20 }, () => seqs.next(9001, 2)))));
    // Before the write-back: the hello's numbers already include them.
    expect((await seqs.current([9001], false))['9001']).toBe(131);
    // One read of the stored counter; its write-back comes after, in one statement.
    expect(query.mock.calls.length).toBeLessThanOrEqual(3);
    query.mockRestore();
    expect(taken.slice(0, 50)).toEqual(Array.from({ length: 50 }, (_, i) => 42 + i));
    expect([...taken.slice(50)].sort((a, b) => a - b)).toEqual(Array.from({ length: 20 }, (_, i) => 93 + 2 * i));
    await turn();
    await turn();
    expect(await stored(t, 9001)).toBe(131);
  });

  it("carries a tenant's numbers on across a restart, as its consoles saw them", async () => {
    const acme = await buildTenant(t, 'Seq');
    const admin = await connectLive(t.url, acme.users.admin.token, 'admin');
    const rename = async (name: string) => {
      const since = admin.received.length;
      await t.http().put(`/api/users/${acme.users.finance.user.id}`).set('Authorization', acme.users.admin.auth).send({ name }).expect(200);
      return (await admin.nextSince(since, 'user:updated')).seq;
    };
    const before = await rename('Fin One');
    expect(await rename('Fin Two')).toBe(before + 1);
    closeAllClients();
    // The shutdown writes back what the last turn took.
    await t.close();
    t = await start();
    expect(await stored(t, acme.tenant.id)).toBe(before + 1);
    const again = await connectLive(t.url, acme.users.admin.token, 'admin again');
    expect(again.hello.seq[String(acme.tenant.id)]).toBe(before + 1);
    const since = again.received.length;
    await t
      .http()
      .put(`/api/users/${acme.users.finance.user.id}`)
      .set('Authorization', acme.users.admin.auth)
      .send({ name: 'Fin Three' })
      .expect(200);
    expect((await again.nextSince(since, 'user:updated')).seq).toBe(before + 2);
  }, 120_000);
});
