import { SessionSync } from '../../server/src/auth/session-sync.service';
import { Messages } from '../../server/src/contracts/messages';
import type { TestApp } from '../support/app';
import { buildTenant, buildUser, TEST_PASSWORD, type TestTenant, type TestUser } from '../support/factories';
import { redisStateOf, until } from '../support/redis-proxy';
import { useReplicas } from '../support/replicas';

/**
 * Each replica answers a token it has seen from its own cache (docs/architecture.md, "Sessions"); a sign-out, a
 * password change or a user's change through replica A must hold on replica B from the moment A answers, also while
 * B is cut off from Redis. Replica B reaches Redis through a proxy the last test cuts.
 */
describe('the session cache across replicas', () => {
  const { apps, redisProxy: proxy } = useReplicas({ behindProxy: [1] });
  const [a, b] = apps;
  let acme: TestTenant;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Sessions');
  });

  const session = (app: TestApp, user: Pick<TestUser, 'auth'>) => app.http().get('/api/auth/session').set('Authorization', user.auth);
  /**
   * Seen on B: from here on B answers this token from its cache. (A replica caches only once its first beat has come
   * back through Redis, a second or so after it starts or its link returns.)
   */
  const seenOnB = async (user: Pick<TestUser, 'auth'>) => {
    const sync = b.app.get(SessionSync);
    const before = sync.cached;
    await until(
      async () => {
        await session(b, user).expect(200);
        return sync.cached > before;
      },
      10_000,
      'replica B to cache the token',
    );
  };
  const finance = () => buildUser(a, { tenantId: acme.tenant.id, role: 'finance' });

  it('refuses on replica B, as soon as replica A has answered, a token B had cached and A signed out', async () => {
    const u = await finance();
    await seenOnB(u);
    await a.http().post('/api/auth/logout').set('Authorization', u.auth).expect(204);
    expect((await session(b, u).expect(401)).body).toEqual({ message: Messages.sessionEnded });
  });

  it('ends on replica B the other sessions of a password changed through replica A, and the changing one goes on', async () => {
    const u = await finance();
    const login = await a.http().post('/api/auth/login').send({ email: u.user.email, password: TEST_PASSWORD }).expect(200);
    const changing = { auth: `Bearer ${login.body.token as string}` };
    await seenOnB(u);
    await seenOnB(changing);
    const password = 'An0ther-passw0rd!';
    await a
      .http()
      .patch('/api/users/me')
      .set('Authorization', changing.auth)
      .send({ password, confirmPassword: password, currentPassword: TEST_PASSWORD })
      .expect(200);
    await session(b, u).expect(401);
    await session(b, changing).expect(200);
  });

  it('lets a user through on replica B with the role an admin has just given through replica A', async () => {
    const u = await finance();
    await seenOnB(u);
    await b.http().get('/api/users').set('Authorization', u.auth).expect(403);
    await a.http().put(`/api/users/${u.user.id}`).set('Authorization', acme.users.admin.auth).send({ role: 'admin' }).expect(200);
    await b.http().get('/api/users').set('Authorization', u.auth).expect(200);
  });

  it('stops using B’s cache while B is cut off from Redis, so a sign-out through A still holds on B', async () => {
    const u = await finance();
    await seenOnB(u);
    await proxy.cut();
    try {
      // A cannot reach B: it answers once B has stopped believing its cache (B's beats no longer come back).
      await a.http().post('/api/auth/logout').set('Authorization', u.auth).expect(204);
      await session(b, u).expect(401);
    } finally {
      await proxy.start();
    }
    await until(async () => (await redisStateOf(b)) === 'up', 10_000, 'replica B to report Redis up again');
    // Back on the link: B caches again, and is told again.
    const v = await finance();
    await seenOnB(v);
    await a.http().post('/api/auth/logout').set('Authorization', v.auth).expect(204);
    await session(b, v).expect(401);
  });
});
