import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, buildTenant, buildUser, type TestTenant } from '../support/factories';
import { closeAllClients, connectLive, refusal } from './live-client';

describe('live connection: handshake and lifecycle', () => {
  let t: TestApp;
  let acme: TestTenant;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Acme');
  });
  afterEach(() => closeAllClients());
  afterAll(() => t.close());

  it('refuses a connection without a token, with a message', async () => {
    const e = await refusal(t.url, undefined);
    expect(e.message).toBe('Please sign in.');
    expect(e.data).toEqual({ status: 401 });
  });

  it('refuses a token that is not ours', async () => {
    expect((await refusal(t.url, 'not-a-jwt')).message).toBe('Please sign in.');
    const forged = new JwtService({ secret: 'another-secret-that-is-long-enough-0123456789' }).sign({
      sub: acme.users.admin.user.id,
      jti: randomUUID(),
    });
    expect((await refusal(t.url, forged)).message).toBe('Please sign in.');
  });

  it('refuses a signed-out token', async () => {
    const { token, auth } = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
    await t
      .http()
      .post('/api/auth/logout')
      .set('Authorization', auth)
      .expect((r) => expect(r.status).toBeLessThan(300));
    expect((await refusal(t.url, token)).message).toBe('Your session has ended. Please sign in again.');
  });

  it('refuses a browser page from another origin, and lets this origin and node clients in', async () => {
    const e = await refusal(t.url, acme.users.admin.token, { Origin: 'https://evil.example' });
    expect(e).toBeInstanceOf(Error);
    const same = await connectLive(t.url, acme.users.admin.token);
    expect(same.socket.connected).toBe(true);
  });

  it('greets a tenant user with the seq of its tenant only, and a platform admin with every tenant', async () => {
    const other = await buildTenant(t, 'Other');
    const staff = await connectLive(t.url, acme.users.staffA.token);
    expect(Object.keys(staff.hello.seq)).toEqual([String(acme.tenant.id)]);
    expect(typeof staff.hello.seq[String(acme.tenant.id)]).toBe('number');
    // a change in Other gives it a counter; the platform admin sees it, Acme's staff does not
    await t
      .http()
      .put(`/api/users/${other.users.finance.user.id}`)
      .set('Authorization', other.users.admin.auth)
      .send({ name: 'Renamed' })
      .expect(200);
    const root = await connectLive(t.url, (await buildPlatformAdmin(t)).token);
    expect(root.hello.seq[String(other.tenant.id)]).toBeGreaterThan(0);
    expect(root.hello.seq.platform).toBeGreaterThanOrEqual(0);
  });

  it('closes the sockets of a token when it signs out, and only those', async () => {
    const { token, auth } = await buildUser(t, { tenantId: acme.tenant.id, role: 'trip_manager' });
    const first = await connectLive(t.url, token);
    const second = await connectLive(t.url, token);
    const otherSession = await connectLive(t.url, acme.users.admin.token);
    await t
      .http()
      .post('/api/auth/logout')
      .set('Authorization', auth)
      .expect((r) => expect(r.status).toBeLessThan(300));
    expect(await first.disconnected()).toBe('io server disconnect');
    expect(await second.disconnected()).toBe('io server disconnect');
    expect(otherSession.socket.connected).toBe(true);
  });

  it('closes a socket when its token expires', async () => {
    const { user } = acme.users.busA;
    const shortLived = t.app.get(JwtService).sign({ sub: user.id, jti: randomUUID() }, { expiresIn: 2 });
    const live = await connectLive(t.url, shortLived);
    expect(await live.disconnected(3_500)).toBe('io server disconnect');
  });

  it('closes the sockets of a user who is set back to pending, and refuses them afterwards', async () => {
    const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolB.id });
    const live = await connectLive(t.url, u.token);
    await t.http().put(`/api/users/${u.user.id}`).set('Authorization', acme.users.admin.auth).send({ status: 'pending' }).expect(200);
    expect(await live.disconnected()).toBe('io server disconnect');
    expect((await refusal(t.url, u.token)).message).toBe('Your session has ended. Please sign in again.');
  });

  it('closes a connection that sends more than 16 kB in one message', async () => {
    const live = await connectLive(t.url, acme.users.finance.token);
    (live.socket as unknown as { emit: (ev: string, data: string) => void }).emit('anything', 'x'.repeat(20_000));
    expect(await live.disconnected()).toBe('transport close');
  });

  it('reports the in-memory adapter on /api/health without REDIS_URL', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ adapter: 'memory', redis: 'disabled' });
  });
});
