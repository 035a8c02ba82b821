import { User } from '../../server/src/users/user.entity';
import { useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import { buildTenant, buildUser, TEST_PASSWORD, type TestTenant, type TestUser } from '../support/factories';

describe('users', () => {
  let t: TestApp, acme: TestTenant, globex: TestTenant, root: TestUser;
  useApiWorld({ tenants: ['Acme', 'Globex'] }, (w) => {
    ({ t, root } = w);
    [acme, globex] = w.tenants;
  });

  const nonAdmins = () => [acme.users.staffA, acme.users.busA, acme.users.finance, acme.users.manager];

  describe('GET /users', () => {
    it('lists exactly the tenant admin’s own tenant, with roles and organizations', async () => {
      const res = await t.http().get('/api/users').set('Authorization', acme.users.admin.auth).expect(200);
      const emails = res.body.map((u: { email: string }) => u.email);
      expect(emails).toEqual(expect.arrayContaining([acme.users.staffA.user.email, acme.pending.email]));
      expect(res.body.every((u: { tenant_id: number }) => u.tenant_id === acme.tenant.id)).toBe(true);
      expect(emails).not.toContain(globex.users.admin.user.email);
      const staff = res.body.find((u: { id: number }) => u.id === acme.users.staffA.user.id);
      expect(staff).toMatchObject({
        role: 'school_staff',
        status: 'approved',
        active_org: { id: acme.orgs.schoolA.id, name: acme.orgs.schoolA.name },
      });
      expect(JSON.stringify(res.body)).not.toMatch(/password/i);
    });

    it('lets a platform admin narrow to one tenant', async () => {
      const res = await t.http().get(`/api/users?tenant_id=${globex.tenant.id}`).set('Authorization', root.auth).expect(200);
      expect(res.body.length).toBeGreaterThan(0);
      expect(res.body.every((u: { tenant_id: number }) => u.tenant_id === globex.tenant.id)).toBe(true);
    });

    it('refuses every role but admin with 403', async () => {
      for (const u of nonAdmins()) await t.http().get('/api/users').set('Authorization', u.auth).expect(403);
    });

    it('refuses an anonymous caller with 401', async () => {
      await t.http().get('/api/users').expect(401);
    });
  });

  describe('GET /users/:id and /users/me', () => {
    it('gives anyone their own profile with roles, tenant_id and active_org_id', async () => {
      const me = acme.users.busA;
      for (const path of [`/api/users/${me.user.id}`, '/api/users/me']) {
        const res = await t.http().get(path).set('Authorization', me.auth).expect(200);
        expect(res.body).toMatchObject({
          id: me.user.id,
          roles: ['bus_company'],
          tenant_id: acme.tenant.id,
          active_org_id: acme.orgs.busA.id,
          status: 'approved',
        });
      }
    });

    it('lets an admin read a user of their tenant', async () => {
      const res = await t.http().get(`/api/users/${acme.users.finance.user.id}`).set('Authorization', acme.users.admin.auth).expect(200);
      expect(res.body.email).toBe(acme.users.finance.user.email);
    });

    it('answers a non-admin reading a colleague exactly like a missing user (404), so ids tell nothing', async () => {
      const colleague = await t
        .http()
        .get(`/api/users/${acme.users.finance.user.id}`)
        .set('Authorization', acme.users.staffA.auth)
        .expect(404);
      const missing = await t.http().get('/api/users/999999999').set('Authorization', acme.users.staffA.auth).expect(404);
      expect(colleague.body).toEqual(missing.body);
    });

    it('answers 404 for another tenant’s user, exactly like a missing one', async () => {
      const other = await t.http().get(`/api/users/${globex.users.staffA.user.id}`).set('Authorization', acme.users.admin.auth).expect(404);
      const missing = await t.http().get('/api/users/999999999').set('Authorization', acme.users.admin.auth).expect(404);
      expect(other.body).toEqual(missing.body);
      await t.http().get(`/api/users/${globex.users.staffA.user.id}`).set('Authorization', acme.users.staffA.auth).expect(404);
    });

    it('answers 400 to an id that is not a number', async () => {
      await t.http().get('/api/users/abc').set('Authorization', acme.users.admin.auth).expect(400);
    });
  });

  describe('PUT /users/:id', () => {
    it('changes role and status, and moves a user to an organization of the tenant', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', status: 'pending' });
      const res = await t
        .http()
        .put(`/api/users/${u.user.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ role: 'bus_company', status: 'approved', active_org_id: acme.orgs.busB.id })
        .expect(200);
      expect(res.body).toMatchObject({ role: 'bus_company', status: 'approved', active_org_id: acme.orgs.busB.id });
      expect(await t.db.getRepository(User).findOneByOrFail({ id: u.user.id })).toMatchObject({
        role: 'bus_company',
        status: 'approved',
        activeOrgId: acme.orgs.busB.id,
      });
    });

    it('refuses an organization of another tenant and writes nothing', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'school_staff', activeOrgId: acme.orgs.schoolA.id });
      const res = await t
        .http()
        .put(`/api/users/${u.user.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ role: 'finance', active_org_id: globex.orgs.schoolA.id })
        .expect(400);
      expect(res.body.message).toBe('Choose an organization of this tenant.');
      expect(await t.db.getRepository(User).findOneByOrFail({ id: u.user.id })).toMatchObject({
        role: 'school_staff',
        activeOrgId: acme.orgs.schoolA.id,
      });
    });

    it.each([
      [{ role: 'superuser' }, 'Role must be one of admin, school_staff, bus_company, finance, trip_manager.'],
      [{ status: 'banned' }, 'Status must be approved or pending.'],
      [{}, 'Nothing to update.'],
      [{ active_org_id: 'x' }, 'active_org_id must be an organization id or null.'],
    ])('answers 400 to %j', async (body, message) => {
      const res = await t
        .http()
        .put(`/api/users/${acme.users.manager.user.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send(body)
        .expect(400);
      expect(res.body.message).toBe(message);
    });

    it('refuses non-admins with 403', async () => {
      for (const u of nonAdmins()) {
        await t.http().put(`/api/users/${acme.users.manager.user.id}`).set('Authorization', u.auth).send({ role: 'admin' }).expect(403);
      }
      expect((await t.db.getRepository(User).findOneByOrFail({ id: acme.users.manager.user.id })).role).toBe('trip_manager');
    });

    it('answers 404 to a tenant admin reaching for another tenant’s user, and changes nothing', async () => {
      await t
        .http()
        .put(`/api/users/${globex.users.staffA.user.id}`)
        .set('Authorization', acme.users.admin.auth)
        .send({ status: 'pending' })
        .expect(404);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: globex.users.staffA.user.id })).status).toBe('approved');
    });

    it('keeps the last approved admin of a tenant from being demoted', async () => {
      const solo = await buildTenant(t, 'Solo');
      const res = await t
        .http()
        .put(`/api/users/${solo.users.admin.user.id}`)
        .set('Authorization', solo.users.admin.auth)
        .send({ role: 'finance' })
        .expect(409);
      expect(res.body.message).toBe('A tenant must keep at least one approved admin.');
      await t
        .http()
        .put(`/api/users/${solo.users.admin.user.id}`)
        .set('Authorization', solo.users.admin.auth)
        .send({ status: 'pending' })
        .expect(409);
      const second = await buildUser(t, { tenantId: solo.tenant.id, role: 'admin' });
      await t.http().put(`/api/users/${solo.users.admin.user.id}`).set('Authorization', second.auth).send({ role: 'finance' }).expect(200);
    });

    it('lets a platform admin manage any tenant’s user', async () => {
      await t
        .http()
        .put(`/api/users/${globex.users.finance.user.id}`)
        .set('Authorization', root.auth)
        .send({ name: 'Renamed Finance' })
        .expect(200);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: globex.users.finance.user.id })).name).toBe('Renamed Finance');
    });
  });

  describe('PATCH /users/me', () => {
    it('saves a new name and a new password that then signs in', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      const res = await t
        .http()
        .patch('/api/users/me')
        .set('Authorization', u.auth)
        .send({ name: ' Newly Named ', currentPassword: TEST_PASSWORD, password: 'brand-new-pass', confirmPassword: 'brand-new-pass' })
        .expect(200);
      expect(res.body.name).toBe('Newly Named');
      await t.http().post('/api/auth/login').send({ email: u.user.email, password: 'brand-new-pass' }).expect(200);
      await t.http().post('/api/auth/login').send({ email: u.user.email, password: TEST_PASSWORD }).expect(401);
    });

    it.each([
      [{ name: '' }, 'Name is required.'],
      [{ name: '   ' }, 'Name is required.'],
      [{ password: 'brand-new-pass', confirmPassword: 'different-pass' }, 'Passwords do not match.'],
      [{ password: 'short', confirmPassword: 'short' }, 'Password must be at least 8 characters.'],
    ])('answers 400 to %j and changes nothing', async (body, message) => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance', name: 'Stays Put' });
      const res = await t.http().patch('/api/users/me').set('Authorization', u.auth).send(body).expect(400);
      expect(res.body.message).toBe(message);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: u.user.id })).name).toBe('Stays Put');
      await t.http().post('/api/auth/login').send({ email: u.user.email, password: TEST_PASSWORD }).expect(200);
    });
  });

  describe('pending users', () => {
    it('lists the tenant’s pending users to its admin, and nobody else’s', async () => {
      const res = await t.http().get('/api/admin/users/pending').set('Authorization', acme.users.admin.auth).expect(200);
      expect(res.body.map((u: { id: number }) => u.id)).toContain(acme.pending.id);
      expect(res.body.map((u: { id: number }) => u.id)).not.toContain(globex.pending.id);
      expect(res.body.every((u: { status: string }) => u.status === 'pending')).toBe(true);
    });

    it('refuses non-admins with 403', async () => {
      for (const u of nonAdmins()) await t.http().get('/api/admin/users/pending').set('Authorization', u.auth).expect(403);
    });

    it('approves a pending user, who leaves the list and can sign in', async () => {
      const p = await buildUser(t, {
        tenantId: acme.tenant.id,
        role: 'school_staff',
        status: 'pending',
        activeOrgId: acme.orgs.schoolA.id,
      });
      await t.http().post('/api/auth/login').send({ email: p.user.email, password: TEST_PASSWORD }).expect(403);
      const res = await t.http().post(`/api/admin/users/${p.user.id}/approve`).set('Authorization', acme.users.admin.auth).expect(200);
      expect(res.body.status).toBe('approved');
      const list = await t.http().get('/api/admin/users/pending').set('Authorization', acme.users.admin.auth).expect(200);
      expect(list.body.map((u: { id: number }) => u.id)).not.toContain(p.user.id);
      await t.http().post('/api/auth/login').send({ email: p.user.email, password: TEST_PASSWORD }).expect(200);
    });

    it('answers 404 to approving another tenant’s pending user, and 403 to non-admins', async () => {
      await t.http().post(`/api/admin/users/${globex.pending.id}/approve`).set('Authorization', acme.users.admin.auth).expect(404);
      await t.http().post(`/api/admin/users/${acme.pending.id}/approve`).set('Authorization', acme.users.staffA.auth).expect(403);
      expect((await t.db.getRepository(User).findOneByOrFail({ id: globex.pending.id })).status).toBe('pending');
      expect((await t.db.getRepository(User).findOneByOrFail({ id: acme.pending.id })).status).toBe('pending');
    });
  });
});
