import { Logger } from '@nestjs/common';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { Messages } from '../../server/src/contracts/messages';
import { UnitOfWork, type Work } from '../../server/src/database/unit-of-work';
import { LiveSeqService } from '../../server/src/realtime/live-seq.service';
import { toTenantDto } from '../../server/src/tenancy/tenancy.mapper';
import { Tenant } from '../../server/src/tenancy/tenant.entity';
import { type ApiWorld, type RecordedEvent, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import type { TestTenant, TestUser } from '../support/factories';
import { uniq } from '../support/factories';

/**
 * The unit of work on the real app and database: a change's events (and follow-ups) wait for its COMMIT, are
 * dropped with a ROLLBACK, go out once each in the order published, and a failing follow-up never fails the change.
 * "After the commit" is checked from outside the transaction: the app's DataSource reads on a connection of its own
 * (on PostgreSQL one that sees only committed rows; on PGlite one that waits for the transaction to end).
 */
describe('UnitOfWork: events after the commit, none after a rollback', () => {
  let t: TestApp, root: TestUser, acme: TestTenant, events: RecordedEvent[], named: ApiWorld['named'];
  let unitOfWork: UnitOfWork, emitter: EventEmitter2;
  useApiWorld({ tenants: ['Acme'] }, (w) => {
    ({ t, root, events, named } = w);
    [acme] = w.tenants;
    unitOfWork = t.app.get(UnitOfWork);
    emitter = t.app.get(EventEmitter2);
  });
  beforeEach(() => (events.length = 0));
  afterEach(() => jest.restoreAllMocks());

  const committed = (slug: string) => t.db.getRepository(Tenant).existsBy({ slug });
  const tenantEvents = (slug: string) => events.filter((e) => (e.payload.tenant as { slug?: string } | undefined)?.slug === slug);
  /** Writes a tenant in the unit's transaction and publishes its creation. */
  const createTenant = async ({ tx, publish }: Work, slug: string) => {
    const tenant = toTenantDto(await tx.save(tx.create(Tenant, { name: `Unit ${slug}`, slug })));
    publish('tenant.created', { tenant });
    return tenant;
  };

  it('publishes nothing, and runs no follow-up, when the work throws after publishing: the change is rolled back', async () => {
    const slug = `uow-${uniq()}`;
    const steps: string[] = [];
    const work = unitOfWork.run(async (unit) => {
      await createTenant(unit, slug);
      unit.afterCommit(() => steps.push('after commit'));
      throw new Error('changed my mind');
    });
    await expect(work).rejects.toThrow('changed my mind');
    expect(await committed(slug)).toBe(false);
    expect(tenantEvents(slug)).toEqual([]);
    expect(steps).toEqual([]);
  });

  it('publishes a committed change exactly once, and only once the row is committed', async () => {
    const slug = `uow-${uniq()}`;
    // what a listener sees when the event reaches it: is the row already visible outside the transaction?
    const visibleWhenHeard: Array<Promise<boolean>> = [];
    const listener = (payload: { tenant: { slug: string } }) => {
      if (payload.tenant.slug === slug) visibleWhenHeard.push(committed(slug));
    };
    emitter.on('tenant.created', listener);
    try {
      const tenant = await unitOfWork.run(async (unit) => {
        const created = await createTenant(unit, slug);
        // published, but held back until the commit
        expect(tenantEvents(slug)).toEqual([]);
        return created;
      });
      expect(tenantEvents(slug)).toEqual([{ name: 'tenant.created', payload: { tenant } }]);
      expect(await Promise.all(visibleWhenHeard)).toEqual([true]);
    } finally {
      emitter.off('tenant.created', listener);
    }
  });

  it('runs afterCommit steps after the commit, interleaved with the events in the order they were published', async () => {
    const slug = `uow-${uniq()}`;
    const order: string[] = [];
    let visibleToStep: Promise<boolean> | undefined;
    const listener = (payload: { tenant: { slug: string } }) => {
      if (payload.tenant.slug === slug) order.push('tenant.created');
    };
    emitter.on('tenant.created', listener);
    try {
      await unitOfWork.run(async (unit) => {
        unit.afterCommit(() => order.push('step 1'));
        await createTenant(unit, slug);
        unit.afterCommit(() => {
          order.push('step 2');
          visibleToStep = committed(slug);
        });
        unit.publish('users.pending-changed', { tenantId: acme.tenant.id });
        unit.afterCommit(() => order.push('step 3'));
        expect(order).toEqual([]);
      });
    } finally {
      emitter.off('tenant.created', listener);
    }
    expect(order).toEqual(['step 1', 'tenant.created', 'step 2', 'step 3']);
    expect(events.map((e) => e.name)).toEqual(['tenant.created', 'users.pending-changed']);
    expect(await visibleToStep).toBe(true);
  });

  it('logs a failing step (thrown or rejected) and carries on: later steps and events still run, the caller gets its result', async () => {
    const logged = jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const slug = `uow-${uniq()}`;
    const steps: string[] = [];
    const result = await unitOfWork.run(async (unit) => {
      unit.afterCommit(() => {
        throw new Error('step threw');
      });
      unit.afterCommit(() => Promise.reject(new Error('step rejected')));
      await createTenant(unit, slug);
      unit.afterCommit(() => steps.push('last step'));
      return 'done';
    });
    expect(result).toBe('done');
    expect(steps).toEqual(['last step']);
    expect(tenantEvents(slug)).toHaveLength(1);
    expect(await committed(slug)).toBe(true);
    await new Promise((resolve) => setImmediate(resolve));
    expect(logged.mock.calls.map(([message]) => message)).toEqual([
      'after-commit step failed: step threw',
      'after-commit step failed: step rejected',
    ]);
  });

  it("runs before-commit hooks inside the transaction with the events published, and rolls their writes back with the work's", async () => {
    const [slug, hookSlug] = [`uow-${uniq()}`, `uow-hook-${uniq()}`];
    const seen: string[] = [];
    const remove = [
      unitOfWork.beforeCommit(async (tx, published) => {
        seen.push(...published.map((e) => e.name));
        // the work's row is visible here: the same transaction
        seen.push(`work row: ${await tx.getRepository(Tenant).existsBy({ slug })}`);
        await tx.save(tx.create(Tenant, { name: `Hook ${hookSlug}`, slug: hookSlug }));
      }),
      unitOfWork.beforeCommit(() => Promise.reject(new Error('a later hook failed'))),
    ];
    try {
      const work = unitOfWork.run(async (unit) => {
        await createTenant(unit, slug);
        unit.publish('users.pending-changed', { tenantId: acme.tenant.id });
      });
      await expect(work).rejects.toThrow('a later hook failed');
    } finally {
      remove.forEach((r) => r());
    }
    expect(seen).toEqual(['tenant.created', 'users.pending-changed', 'work row: true']);
    expect([await committed(slug), await committed(hookSlug)]).toEqual([false, false]);
    expect(events).toEqual([]);

    // Without the failing hook, the hook's row commits with the work's.
    const stays = unitOfWork.beforeCommit(
      async (tx) => void (await tx.save(tx.create(Tenant, { name: `Hook ${hookSlug}`, slug: hookSlug }))),
    );
    try {
      await unitOfWork.run((unit) => createTenant(unit, slug));
    } finally {
      stays();
    }
    expect([await committed(slug), await committed(hookSlug)]).toEqual([true, true]);
  });

  it('answers a request whose event listener throws as usual: the change has committed', async () => {
    jest.spyOn(Logger.prototype, 'error').mockImplementation(() => undefined);
    const slug = `uow-${uniq()}`;
    const failing = () => {
      throw new Error('listener failed');
    };
    emitter.on('tenant.created', failing);
    try {
      const res = await t.http().post('/api/global/tenants').set('Authorization', root.auth).send({ name: 'Listener fails', slug });
      expect(res.status).toBe(201);
      expect(res.body).toMatchObject({ slug });
    } finally {
      emitter.off('tenant.created', failing);
    }
    expect(await committed(slug)).toBe(true);
  });

  it('announces nothing for a request refused inside its transaction (the last admin demoting themself)', async () => {
    const admin = acme.users.admin;
    const res = await t.http().put(`/api/users/${admin.user.id}`).set('Authorization', admin.auth).send({ role: 'finance' });
    expect([res.status, res.body.message]).toEqual([409, Messages.lastAdmin]);
    expect(named('user.changed')).toEqual([]);
    expect(events).toEqual([]);
  });

  it("numbers live events without waiting for their WAL, and leaves the connection's own commits waiting", async () => {
    const seqs = t.app.get(LiveSeqService);
    const first = await seqs.next(acme.tenant.id, 3);
    expect(await seqs.next(acme.tenant.id)).toBe(first + 1);
    // Many at once, over every connection of the pool: numbers stay gapless and unique.
    const taken = await Promise.all(Array.from({ length: 40 }, () => seqs.next(acme.tenant.id)));
    expect([...taken].sort((a, b) => a - b)).toEqual(Array.from({ length: 40 }, (_, i) => first + 2 + i));
    // The setting was the number's transaction's alone: every connection's next commit waits for its WAL again.
    const settings = await Promise.all(
      Array.from({ length: 40 }, () => t.db.query<{ value: string }[]>(`SELECT current_setting('synchronous_commit') AS value`)),
    );
    expect(new Set(settings.map(([row]) => row.value))).toEqual(new Set(['on']));
  });
});
