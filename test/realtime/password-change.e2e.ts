import type { TestApp } from '../support/app';
import { buildTenant, buildUser, TEST_PASSWORD, type TestTenant } from '../support/factories';
import { useReplicas } from '../support/replicas';
import { closeAllClients, connectLive, refusal } from './live-client';

/**
 * A password change ends every other session of the user, on every replica: their
 * tokens answer 401 and their sockets close, wherever they are connected. The session that made the
 * change goes on, on every replica too.
 */
describe('a password change across replicas', () => {
  const [a, b] = useReplicas().apps;
  let acme: TestTenant;

  beforeAll(async () => {
    acme = await buildTenant(a, 'Passwords');
  });
  afterEach(() => closeAllClients());

  const signIn = async (app: TestApp, email: string, password = TEST_PASSWORD): Promise<string> =>
    (await app.http().post('/api/auth/login').send({ email, password }).expect(200)).body.token as string;

  it('closes the other sessions’ sockets on both replicas and keeps the changing session’s', async () => {
    const u = await buildUser(a, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
    const laptop = await signIn(a, u.user.email);
    const phone = await signIn(b, u.user.email);

    const keptOnA = await connectLive(a.url, laptop, 'A: laptop');
    const keptOnB = await connectLive(b.url, laptop, 'B: laptop');
    const phoneOnB = await connectLive(b.url, phone, 'B: phone');
    const phoneOnA = await connectLive(a.url, phone, 'A: phone');
    const oldOnB = await connectLive(b.url, u.token, 'B: old session');
    const colleague = await connectLive(b.url, acme.users.staffA.token, 'B: colleague');

    await a
      .http()
      .patch('/api/users/me')
      .set('Authorization', `Bearer ${laptop}`)
      .send({ currentPassword: TEST_PASSWORD, password: 'changed-pass-1', confirmPassword: 'changed-pass-1' })
      .expect(200);

    for (const ended of [phoneOnB, phoneOnA, oldOnB]) expect(await ended.disconnected()).toBe('io server disconnect');

    // The kept session's sockets are still there on both replicas: they get the next change of their user.
    const since = [keptOnA.received.length, keptOnB.received.length, colleague.received.length];
    await b.http().patch('/api/users/me').set('Authorization', `Bearer ${laptop}`).send({ name: 'Still Here' }).expect(200);
    await keptOnA.nextSince(since[0], 'user:updated', (e) => e.user.name === 'Still Here');
    await keptOnB.nextSince(since[1], 'user:updated', (e) => e.user.name === 'Still Here');
    expect(colleague.socket.connected).toBe(true);

    // The ended tokens are refused on both replicas, over HTTP and at the socket handshake.
    for (const app of [a, b]) {
      for (const token of [phone, u.token]) {
        await app.http().get('/api/users/me').set('Authorization', `Bearer ${token}`).expect(401);
        expect((await refusal(app.url, token)).message).toBe('Your session has ended. Please sign in again.');
      }
    }
    const fresh = await signIn(b, u.user.email, 'changed-pass-1');
    expect((await connectLive(a.url, fresh, 'A: fresh')).socket.connected).toBe(true);
  });
});
