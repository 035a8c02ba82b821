import { randomUUID } from 'node:crypto';
import { JwtService } from '@nestjs/jwt';
import { Tenant } from '../../server/src/tenancy/tenant.entity';
import { User } from '../../server/src/users/user.entity';
import { useApiWorld } from '../support/api-world';
import { startTestApp, type TestApp } from '../support/app';
import { buildUser, TEST_PASSWORD, type TestTenant, uniq } from '../support/factories';

describe('auth', () => {
  let t: TestApp, acme: TestTenant;
  useApiWorld({ tenants: ['Acme'] }, (w) => {
    ({ t } = w);
    [acme] = w.tenants;
  });

  describe('POST /auth/login', () => {
    it('signs in an approved user with {token, user} and the token opens the session', async () => {
      const { user } = acme.users.staffA;
      const res = await t.http().post('/api/auth/login').send({ email: user.email.toUpperCase(), password: TEST_PASSWORD }).expect(200);
      expect(res.body.user).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'school_staff',
        roles: ['school_staff'],
        tenant_id: acme.tenant.id,
        active_org_id: acme.orgs.schoolA.id,
      });
      expect(res.body.user.passwordHash).toBeUndefined();
      const session = await t.http().get('/api/auth/session').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect(session.body.user.id).toBe(user.id);
    });

    it('refuses a wrong password with 401 and a message', async () => {
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ email: acme.users.admin.user.email, password: 'wrong-password' })
        .expect(401);
      expect(res.body).toEqual({ message: 'Invalid email or password.' });
    });

    it('refuses an unknown e-mail with the same 401', async () => {
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ email: `nobody.${uniq()}@example.test`, password: TEST_PASSWORD })
        .expect(401);
      expect(res.body.message).toBe('Invalid email or password.');
    });

    it('refuses a pending account with the approval message', async () => {
      const res = await t.http().post('/api/auth/login').send({ email: acme.pending.email, password: TEST_PASSWORD }).expect(403);
      expect(res.body.message).toBe('Your account is awaiting admin approval.');
    });

    it.each([[{ password: 'x' }], [{ email: 'a@b.test' }], [{ email: '', password: '' }], [{ email: 42, password: ['x'] }], [{}]])(
      'answers 400 when a field is missing or not text: %j',
      async (body) => {
        const res = await t.http().post('/api/auth/login').send(body).expect(400);
        expect(res.body.message).toBe('Email and password are required.');
      },
    );

    it('answers 400, not 500, to malformed JSON', async () => {
      const res = await t.http().post('/api/auth/login').set('Content-Type', 'application/json').send('{"email": "a@b",').expect(400);
      expect(res.body).toEqual({ message: 'The request body is not valid JSON.' });
    });

    it('answers 413 to an oversized body', async () => {
      const res = await t
        .http()
        .post('/api/auth/login')
        .send({ email: 'a@b.test', password: 'x'.repeat(300_000) })
        .expect(413);
      expect(res.body.message).toBe('The request body is too large.');
    });

    it('limits repeated attempts per e-mail', async () => {
      const limited = await startTestApp({ LOGIN_RATE_LIMIT: '3' });
      try {
        const email = `victim.${uniq()}@example.test`;
        const codes: number[] = [];
        for (let i = 0; i < 5; i++) codes.push((await limited.http().post('/api/auth/login').send({ email, password: 'guess' })).status);
        expect(codes).toEqual([401, 401, 401, 429, 429]);
        const other = await limited
          .http()
          .post('/api/auth/login')
          .send({ email: `other.${uniq()}@example.test`, password: 'guess' });
        expect(other.status).toBe(401);
      } finally {
        await limited.close();
      }
    });
  });

  describe('POST /auth/register', () => {
    it('creates a pending account in the tenant named by its slug', async () => {
      const email = `new.${uniq()}@example.test`;
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ name: '  New Person ', email, password: 'long-enough-1', role: 'bus_company', tenant: acme.tenant.slug })
        .expect(201);
      expect(res.body.message).toBe('Registration successful! Wait for admin approval before logging in.');
      const saved = await t.db.getRepository(User).findOneByOrFail({ email });
      expect(saved).toMatchObject({
        name: 'New Person',
        role: 'bus_company',
        status: 'pending',
        tenantId: acme.tenant.id,
        activeOrgId: null,
      });
      const login = await t.http().post('/api/auth/login').send({ email, password: 'long-enough-1' }).expect(403);
      expect(login.body.message).toBe('Your account is awaiting admin approval.');
    });

    it('defaults the role to school_staff', async () => {
      const email = `def.${uniq()}@example.test`;
      await t
        .http()
        .post('/api/auth/register')
        .send({ name: 'Def', email, password: 'long-enough-1', tenant: acme.tenant.slug })
        .expect(201);
      expect((await t.db.getRepository(User).findOneByOrFail({ email })).role).toBe('school_staff');
    });

    it('joins the default tenant when none is named', async () => {
      const slug = `default-${uniq()}`;
      const other = await startTestApp({ DEFAULT_TENANT: slug });
      try {
        const tenant = await other.db.getRepository(Tenant).save({ name: 'Default District', slug });
        const email = `dflt.${uniq()}@example.test`;
        await other.http().post('/api/auth/register').send({ name: 'D', email, password: 'long-enough-1' }).expect(201);
        expect((await other.db.getRepository(User).findOneByOrFail({ email })).tenantId).toBe(tenant.id);
      } finally {
        await other.close();
      }
    });

    it.each(['admin', 'trip_manager', 'superuser'])('refuses the role %s', async (role) => {
      const email = `r.${uniq()}@example.test`;
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ name: 'R', email, password: 'long-enough-1', role, tenant: acme.tenant.slug })
        .expect(400);
      expect(res.body.message).toBe('Choose school_staff, bus_company or finance.');
      expect(await t.db.getRepository(User).existsBy({ email })).toBe(false);
    });

    it('refuses a second account with the same e-mail, whatever its case', async () => {
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ name: 'Dup', email: acme.users.admin.user.email.toUpperCase(), password: 'long-enough-1', tenant: acme.tenant.slug })
        .expect(409);
      expect(res.body.message).toBe('An account with this email already exists.');
    });

    it.each([
      [{ email: 'x@y.test', password: 'long-enough-1' }, 'Name is required.'],
      [{ name: '   ', email: 'x@y.test', password: 'long-enough-1' }, 'Name is required.'],
      [{ name: 'N', password: 'long-enough-1' }, 'Email is required.'],
      [{ name: 'N', email: 'not-an-email', password: 'long-enough-1' }, 'Enter a valid email address.'],
      [{ name: 'N', email: 'x@y.test' }, 'Password is required.'],
      [{ name: 'N', email: 'x@y.test', password: 'short' }, 'Password must be at least 8 characters.'],
      [{ name: 'N'.repeat(100_000), email: 'x@y.test', password: 'long-enough-1' }, 'Name is too long.'],
    ])('answers 400 to %j', async (body, message) => {
      const res = await t
        .http()
        .post('/api/auth/register')
        .send({ tenant: acme.tenant.slug, ...body })
        .expect(400);
      expect(res.body.message).toBe(message);
    });

    it('answers 404 for an unknown tenant and writes nothing', async () => {
      const email = `u.${uniq()}@example.test`;
      await t.http().post('/api/auth/register').send({ name: 'U', email, password: 'long-enough-1', tenant: 'no-such-tenant' }).expect(404);
      expect(await t.db.getRepository(User).existsBy({ email })).toBe(false);
    });
  });

  describe('GET /auth/session and POST /auth/logout', () => {
    it('answers 401 without a token, with a garbage token, and with a token signed by another key', async () => {
      await t.http().get('/api/auth/session').expect(401);
      await t.http().get('/api/auth/session').set('Authorization', 'Bearer not.a.token').expect(401);
      const forged =
        'eyJhbGciOiJIUzI1NiIsInR5cCI6IkpXVCJ9.eyJzdWIiOjEsImp0aSI6IjAwMDAwMDAwLTAwMDAtNDAwMC04MDAwLTAwMDAwMDAwMDAwMCIsImV4cCI6NDEwMjQ0NDgwMH0.2Lq1sT2bIy2cR0W0Qp3C5Nw3oM2bYH0R9m9VZ8l6x0A';
      await t.http().get('/api/auth/session').set('Authorization', `Bearer ${forged}`).expect(401);
    });

    it('says "Please sign in." for any header that carries no token of ours, read strictly as "Bearer <token>"', async () => {
      const { user, token } = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      const expired = t.app.get(JwtService).sign({ sub: user.id, jti: randomUUID(), gen: 0, exp: Math.floor(Date.now() / 1000) - 60 });
      const headers = [
        'Bearer',
        'Bearer ',
        `bearer ${token}`,
        `Token ${token}`,
        `Bearer  ${token}`,
        `Bearer ${expired}`,
        'Bearer not.a.token',
      ];
      for (const header of headers) {
        const res = await t.http().get('/api/auth/session').set('Authorization', header).expect(401);
        expect({ header, body: res.body }).toEqual({ header, body: { message: 'Please sign in.' } });
      }
      expect((await t.http().get('/api/auth/session').expect(401)).body).toEqual({ message: 'Please sign in.' });
      await t.http().get('/api/auth/session').set('Authorization', `Bearer ${token}`).expect(200);
    });

    it('says the session has ended for a valid token whose user is gone', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      await t.db.getRepository(User).delete({ id: u.user.id });
      expect((await t.http().get('/api/users/me').set('Authorization', u.auth).expect(401)).body).toEqual({
        message: 'Your session has ended. Please sign in again.',
      });
    });

    it('revokes the token at once on logout, and only that token', async () => {
      const a = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      const login = await t.http().post('/api/auth/login').send({ email: a.user.email, password: TEST_PASSWORD }).expect(200);
      await t.http().post('/api/auth/logout').set('Authorization', a.auth).expect(204);
      const res = await t.http().get('/api/auth/session').set('Authorization', a.auth).expect(401);
      expect(res.body.message).toBe('Your session has ended. Please sign in again.');
      await t.http().get('/api/users/me').set('Authorization', a.auth).expect(401);
      await t.http().get('/api/auth/session').set('Authorization', `Bearer ${login.body.token}`).expect(200);
    });

    it('stops a token as soon as its user is set back to pending', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff' });
      await t.http().get('/api/auth/session').set('Authorization', u.auth).expect(200);
      await t.http().put(`/api/users/${u.user.id}`).set('Authorization', acme.users.admin.auth).send({ status: 'pending' }).expect(200);
      await t.http().get('/api/auth/session').set('Authorization', u.auth).expect(401);
    });

    it('lets a user in with the role an admin has just given them, though their token was seen before', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      await t.http().get('/api/users').set('Authorization', u.auth).expect(403);
      await t.http().put(`/api/users/${u.user.id}`).set('Authorization', acme.users.admin.auth).send({ role: 'admin' }).expect(200);
      await t.http().get('/api/users').set('Authorization', u.auth).expect(200);
    });
  });
});
