import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { hashPassword } from '../../server/src/auth/passwords';
import { ConfigError } from '../../server/src/config/config';
import { StartupRefusal } from '../../server/src/database/database-bootstrap';
import { In, IsNull } from 'typeorm';
import { User } from '../../server/src/users/user.entity';
import { copyOfTemplate, type TestApp, startTestApp } from '../support/app';

// No known password in production. Each start here is a deployment of its own (embedded
// database in a fresh DATA_DIR), started as `npm start` / the Docker image would start it. A fresh database is migrated
// and empty: a copy of the run's migrated one, so each start skips building it (startup.e2e.ts starts from nothing).
const freshDir = () => copyOfTemplate() ?? mkdtempSync(join(tmpdir(), 'console-prod-'));
const start = (dataDir: string, env: Record<string, string> = {}) =>
  startTestApp({ DATA_DIR: dataDir, SEED_DEMO: '', ...env }, { driver: 'pglite' });
const production = (dataDir: string, env: Record<string, string> = {}) => start(dataDir, { NODE_ENV: 'production', ...env });
const signIn = (t: TestApp, email: string, password: string) => t.http().post('/api/auth/login').send({ email, password });

describe('start-up in production', () => {
  it('does not seed the demo in docker compose unless asked', () => {
    const compose = readFileSync(join(__dirname, '..', '..', 'docker', 'compose.yaml'), 'utf8');
    expect(compose).toMatch(/^\s+SEED_DEMO: \$\{SEED_DEMO:-false\}$/m);
    expect(compose).toMatch(/^\s+ADMIN_EMAIL: \$\{ADMIN_EMAIL:-\}$/m);
  });

  it('refuses SEED_DEMO=true in production, saying why', async () => {
    await expect(production(freshDir(), { SEED_DEMO: 'true' })).rejects.toThrow(ConfigError);
    await expect(production(freshDir(), { SEED_DEMO: 'true' })).rejects.toThrow(/SEED_DEMO: the demo accounts share a published password/);
  });

  it('refuses to start while approved demo accounts still have the demo password, naming them and what to do', async () => {
    const dir = freshDir();
    // A deployment that was seeded (as docker compose did by default), then moved to production.
    const demo = await start(dir, { NODE_ENV: 'development' });
    try {
      // Most demo accounts got passwords of their own already; two did not (pending@demo.test is not approved).
      const own = await hashPassword('a-password-of-its-own');
      await demo.db
        .getRepository(User)
        .createQueryBuilder()
        .update()
        .set({ passwordHash: own })
        .where('email NOT IN (:...keep)', { keep: ['admin@demo.test', 'staff@northwind.test', 'pending@demo.test'] })
        .execute();
    } finally {
      await demo.close();
    }

    const refusal = production(dir);
    await expect(refusal).rejects.toThrow(StartupRefusal);
    const message = (await refusal.catch((e: Error) => e)) as Error;
    expect(message.message).toContain(
      'Refusing to start in production: these 2 approved accounts still have the published demo password (demo1234):',
    );
    expect(message.message).toContain('admin@demo.test, staff@northwind.test');
    expect(message.message).not.toContain('pending@demo.test');
    expect(message.message).toMatch(/Give each a password of its own .* then start again\./);

    // Once they have their own passwords, production starts, and nobody signs in with the demo password.
    const fix = await start(dir, { NODE_ENV: 'development' });
    try {
      await fix.db
        .getRepository(User)
        .update({ email: In(['admin@demo.test', 'staff@northwind.test']) }, { passwordHash: await hashPassword('another-own-one') });
    } finally {
      await fix.close();
    }
    const running = await production(dir);
    try {
      await signIn(running, 'root@platform.test', 'demo1234').expect(401);
      await signIn(running, 'admin@demo.test', 'another-own-one').expect(200);
    } finally {
      await running.close();
    }
    // seeding and four starts on a busy machine
  }, 120_000);

  it('creates the first platform admin from ADMIN_EMAIL and ADMIN_PASSWORD on a fresh deployment, once', async () => {
    const dir = freshDir();
    const first = await production(dir, { ADMIN_EMAIL: ' Owner@School.example ', ADMIN_PASSWORD: 'first-admin-pass-1' });
    try {
      expect(await first.db.getRepository(User).count()).toBe(1);
      const res = await signIn(first, 'owner@school.example', 'first-admin-pass-1').expect(200);
      expect(res.body.user).toMatchObject({ role: 'admin', tenant_id: null, status: 'approved' });
    } finally {
      await first.close();
    }
    // Later starts (still with the variables set, or another address) create nobody.
    const again = await production(dir, { ADMIN_EMAIL: 'second@school.example', ADMIN_PASSWORD: 'second-admin-pass-1' });
    try {
      const admins = await again.db.getRepository(User).findBy({ role: 'admin', tenantId: IsNull() });
      expect(admins.map((a) => a.email)).toEqual(['owner@school.example']);
      await signIn(again, 'second@school.example', 'second-admin-pass-1').expect(401);
    } finally {
      await again.close();
    }
  }, 120_000);

  it('starts a fresh production deployment without ADMIN_EMAIL, empty, and seeds nothing', async () => {
    const t = await production(freshDir());
    try {
      expect(await t.db.getRepository(User).count()).toBe(0);
    } finally {
      await t.close();
    }
  }, 120_000); // a cold start with every migration: slow on a busy 2-core machine

  it('refuses ADMIN_EMAIL without ADMIN_PASSWORD, and the demo password as ADMIN_PASSWORD', async () => {
    await expect(production(freshDir(), { ADMIN_EMAIL: 'a@b.example' })).rejects.toThrow(/ADMIN_PASSWORD: is required with ADMIN_EMAIL/);
    await expect(production(freshDir(), { ADMIN_EMAIL: 'a@b.example', ADMIN_PASSWORD: 'demo1234' })).rejects.toThrow(
      /ADMIN_PASSWORD: must not be the demo password/,
    );
  }, 60_000);
});
