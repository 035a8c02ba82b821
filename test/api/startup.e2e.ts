import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Organization } from '../../server/src/tenancy/organization.entity';
import { Partnership } from '../../server/src/tenancy/partnership.entity';
import { Tenant } from '../../server/src/tenancy/tenant.entity';
import { User } from '../../server/src/users/user.entity';
import { startTestApp } from '../support/app';

// `npm start` on a fresh machine: the embedded database under DATA_DIR, seeded once, kept across restarts.
describe('start-up on the embedded database', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'console-data-'));
  const counts = async (t: Awaited<ReturnType<typeof startTestApp>>) => ({
    tenants: await t.db.getRepository(Tenant).count(),
    orgs: await t.db.getRepository(Organization).count(),
    partnerships: await t.db.getRepository(Partnership).count(),
    users: await t.db.getRepository(User).count(),
  });

  it('seeds the demo on an empty database, and a second start keeps every row without seeding twice', async () => {
    const first = await startTestApp({ DATA_DIR: dataDir, SEED_DEMO: '' }, { driver: 'pglite' });
    let before;
    try {
      before = await counts(first);
      expect(before).toEqual({ tenants: 2, orgs: 7, partnerships: 3, users: 15 });
      const login = await first
        .http()
        .post('/api/auth/login')
        .send({ email: 'staff.greenfield@demo.test', password: 'demo1234' })
        .expect(200);
      expect(login.body.user).toMatchObject({ role: 'school_staff', active_org: { name: 'Greenfield Primary' }, tenant: { slug: 'demo' } });
      await first.http().post('/api/auth/login').send({ email: 'pending@demo.test', password: 'demo1234' }).expect(403);
      // a change made in the first run must survive the restart
      await first
        .http()
        .post('/api/auth/register')
        .send({ name: 'Kept', email: 'kept@demo.test', password: 'keep-me-please', tenant: 'demo' })
        .expect(201);
    } finally {
      await first.close();
    }
    const second = await startTestApp({ DATA_DIR: dataDir, SEED_DEMO: '' }, { driver: 'pglite' });
    try {
      expect(await counts(second)).toEqual({ ...before, users: before.users + 1 });
      expect(await second.db.getRepository(User).existsBy({ email: 'kept@demo.test' })).toBe(true);
    } finally {
      await second.close();
    }
  }, 120_000); // two cold starts of the embedded database with migrations and the demo seed: slow on a busy 2-core machine

  it('seeds nothing when SEED_DEMO is false', async () => {
    // A fresh database, migrated and empty (a copy of the run's migrated one: the test above builds one from nothing).
    const t = await startTestApp({ SEED_DEMO: 'false' }, { driver: 'pglite' });
    try {
      expect(await counts(t)).toEqual({ tenants: 0, orgs: 0, partnerships: 0, users: 0 });
    } finally {
      await t.close();
    }
  });
});
