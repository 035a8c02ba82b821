import { SessionSync } from '../../server/src/auth/session-sync.service';
import { Messages } from '../../server/src/contracts/messages';
import { UnitOfWork } from '../../server/src/database/unit-of-work';
import { useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildUser, TEST_PASSWORD, type TestTenant, type TestUser } from '../support/factories';
import { buildDriverAccount } from '../support/fleet-factory';

/**
 * The sign-in check's cache (docs/architecture.md, "Sessions"): a token seen once is answered without the database,
 * and any write through a unit of work that changes what the check reads ends the cached answer before it commits
 * its answer. A write behind the units' back (these tests' raw SQL) is exactly what the cache does not see: that is
 * how the tests tell a cached answer from a fresh one.
 */
describe('the session cache', () => {
  let t: TestApp, acme: TestTenant;
  useApiWorld({ tenants: ['Cached'] }, (w) => {
    ({ t } = w);
    [acme] = w.tenants;
  });

  const session = (user: Pick<TestUser, 'auth'>) => t.http().get('/api/auth/session').set('Authorization', user.auth);
  const inUnit = (sql: string, params: unknown[]) => t.app.get(UnitOfWork).run(({ tx }) => tx.query(sql, params));
  const staff = () => buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });

  it('answers a token it has seen without asking the database again', async () => {
    const u = await staff();
    await session(u).expect(200);
    expect(t.app.get(SessionSync).cached).toBeGreaterThan(0);
    // Behind every unit's back: the cache is not told, and its answer stands.
    await t.db.query(`UPDATE users SET status = 'pending' WHERE id = $1`, [u.user.id]);
    await session(u).expect(200);
  });

  it.each([
    ['set back to pending', `UPDATE users SET status = 'pending' WHERE id = $1`],
    ['removed', `DELETE FROM users WHERE id = $1`],
    ['given a new session generation', `UPDATE users SET session_generation = session_generation + 1 WHERE id = $1`],
  ])('ends a cached session at once when a unit of work has its user %s', async (_, sql) => {
    const u = await staff();
    await session(u).expect(200);
    await inUnit(sql, [u.user.id]);
    expect((await session(u).expect(401)).body).toEqual({ message: Messages.sessionEnded });
  });

  it('lets a user in with the role a unit of work has just given them', async () => {
    const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    await t.http().get('/api/users').set('Authorization', u.auth).expect(403);
    await inUnit(`UPDATE users SET role = 'admin' WHERE id = $1`, [u.user.id]);
    await t.http().get('/api/users').set('Authorization', u.auth).expect(200);
  });

  it('ends a driver’s cached session when a unit of work takes their fleet driver out of service', async () => {
    const driver = await buildDriverAccount(t, acme.orgs.busA);
    await session(driver).expect(200);
    await inUnit(`UPDATE fleet_drivers SET active = false WHERE id = $1`, [driver.driver.id]);
    await session(driver).expect(401);
  });

  it('ends only the signed-out token, and keeps a change to what the check does not read from ending any', async () => {
    const u = await staff();
    const second = await t.http().post('/api/auth/login').send({ email: u.user.email, password: TEST_PASSWORD }).expect(200);
    const other = { auth: `Bearer ${second.body.token as string}` };
    await session(u).expect(200);
    await session(other).expect(200);
    // E-mail notices are not the check's: no notice, the cached answer stands (the raw write after it proves it).
    await inUnit(`UPDATE users SET email_notices = '{}'::jsonb WHERE id = $1`, [u.user.id]);
    await t.db.query(`UPDATE users SET status = 'pending' WHERE id = $1`, [u.user.id]);
    await session(u).expect(200);
    await t.db.query(`UPDATE users SET status = 'approved' WHERE id = $1`, [u.user.id]);
    await t.http().post('/api/auth/logout').set('Authorization', u.auth).expect(204);
    await session(u).expect(401);
    await session(other).expect(200);
  });
});
