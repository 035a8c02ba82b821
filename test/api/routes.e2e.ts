import { SessionsService } from '../../server/src/auth/sessions.service';
import { useApiWorld } from '../support/api-world';
import { startTestApp, type TestApp } from '../support/app';
import { buildTenant } from '../support/factories';
import { buildDriverAccount } from '../support/fleet-factory';

interface Layer {
  route?: { path: string; methods: Record<string, boolean> };
}
type WithRouter = { router: { stack: Layer[] } };

// The routes anyone may call without signing in; everything else must answer 401 to an anonymous caller.
const PUBLIC = [
  'POST /api/auth/login',
  'POST /api/auth/register',
  'GET /api/health',
  'POST /api/auth/login-microsoft',
  'GET /api/docs',
  'GET /api/docs/openapi.json',
  // a driver's invitation link (docs/domain.md, "Drivers")
  'GET /api/driver-invites/:token',
  'POST /api/driver-invites/:token',
];

// What a driver may call besides their own day (`/api/driver/...`): their own account, and reporting a broken screen (@DriversToo).
const DRIVERS_TOO = [
  'GET /api/auth/session',
  'POST /api/auth/logout',
  'GET /api/users/me',
  'PATCH /api/users/me',
  'GET /api/users/:id',
  'POST /api/client-errors',
];

describe('every route', () => {
  let t: TestApp;
  useApiWorld({}, (w) => ({ t } = w));

  const routes = () => {
    const express = t.app.getHttpAdapter().getInstance() as unknown as WithRouter;
    return express.router.stack
      .filter((l) => l.route?.path.startsWith('/api'))
      .flatMap((l) => Object.keys(l.route!.methods).map((m) => `${m.toUpperCase()} ${l.route!.path}`));
  };

  it('finds the API routes to check', () => {
    expect(routes()).toEqual(expect.arrayContaining(['GET /api/users', 'POST /api/auth/login', 'PUT /api/users/:id']));
  });

  it('is authenticated unless it is one of the few public ones', async () => {
    const open: string[] = [];
    for (const route of routes()) {
      if (PUBLIC.includes(route)) continue;
      const [method, path] = route.split(' ');
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const res = await t.http()[verb](path.replace(/:\w+/g, '1')).send({});
      if (res.status !== 401) open.push(`${route} -> ${res.status}`);
    }
    expect(open).toEqual([]);
  });

  it('refuses a driver (403) everywhere but their own account and their own day', async () => {
    const tenant = await buildTenant(t, 'Drivers');
    const { user } = await buildDriverAccount(t, tenant.orgs.busA);
    // A fresh token per request: signing out in one must not end the next.
    const auth = () => `Bearer ${t.app.get(SessionsService).issue(user)}`;
    const wrong: string[] = [];
    for (const route of routes()) {
      if (PUBLIC.includes(route)) continue;
      const [method, path] = route.split(' ');
      const verb = method.toLowerCase() as 'get' | 'post' | 'put' | 'patch' | 'delete';
      const res = await t.http()[verb](path.replace(/:\w+/g, '1')).set('Authorization', auth()).send({});
      const open = DRIVERS_TOO.includes(route) || path.startsWith('/api/driver/');
      if (open ? res.status === 401 || res.status === 403 : res.status !== 403) wrong.push(`${route} -> ${res.status}`);
    }
    expect(wrong).toEqual([]);
  });

  it('answers unknown API paths with a 404 {message}', async () => {
    const res = await t.http().get('/api/no-such-thing').expect(404);
    expect(typeof res.body.message).toBe('string');
  });

  it('reports the database in /api/health without signing in', async () => {
    const res = await t.http().get('/api/health').expect(200);
    expect(res.body).toMatchObject({ status: 'ok', database: 'up' });
    expect(['disabled', 'up', 'down']).toContain(res.body.redis);
  });

  it('sends security headers', async () => {
    const res = await t.http().get('/api/health');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    expect(res.headers['x-powered-by']).toBeUndefined();
  });

  it('does not allow cross-origin calls from an origin that is not configured', async () => {
    const res = await t.http().get('/api/health').set('Origin', 'https://evil.example');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
  });

  it('allows the configured client origin', async () => {
    const other = await startTestApp({ CLIENT_ORIGIN: 'https://console.example' });
    try {
      const res = await other.http().get('/api/health').set('Origin', 'https://console.example');
      expect(res.headers['access-control-allow-origin']).toBe('https://console.example');
    } finally {
      await other.close();
    }
  });
});
