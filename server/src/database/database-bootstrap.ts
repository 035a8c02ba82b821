import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource, In, IsNull } from 'typeorm';
import { hashPassword, verifyPassword } from '../auth/passwords';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';
import { DEMO_SEEDERS } from './seed/demo-seeders';
import { DEMO_EMAILS, DEMO_PASSWORD, seedDemo } from './seed/demo.seed';

/** The server must not start as configured; the message says what to do. main.ts prints it alone, without a stack. */
export class StartupRefusal extends Error {}

// Any fixed number: replicas starting together take turns on migrations and seeding.
const STARTUP_LOCK = 7_350_001;

@Injectable()
export class DatabaseBootstrap {
  private readonly logger = new Logger('Database');
  private markReady!: () => void;
  /** Resolves once migrations (and the demo seed) are done: work that reads the schema on its own waits for it. */
  readonly ready = new Promise<void>((resolve) => (this.markReady = resolve));

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /**
   * Runs pending migrations, seeds the demo on an empty database when allowed, creates the first platform
   * admin from ADMIN_EMAIL / ADMIN_PASSWORD while there is none, and in production refuses to go on while an
   * approved demo account still has the demo password.
   */
  async prepare(): Promise<{ migrated: string[]; seeded: boolean }> {
    // The embedded database belongs to one process and has one session: no lock needed (or possible).
    if (!this.config.databaseUrl) return this.migrateAndSeed();
    const runner = this.db.createQueryRunner();
    await runner.connect();
    try {
      await runner.query('SELECT pg_advisory_lock($1)', [STARTUP_LOCK]);
      return await this.migrateAndSeed();
    } finally {
      await runner.query('SELECT pg_advisory_unlock($1)', [STARTUP_LOCK]).catch(() => undefined);
      await runner.release();
    }
  }

  private async migrateAndSeed(): Promise<{ migrated: string[]; seeded: boolean }> {
    const migrated = (await this.db.runMigrations({ transaction: 'each' })).map((m) => m.name);
    const seeded = await this.seedIfEmpty();
    await this.createFirstAdmin();
    if (this.config.nodeEnv === 'production') await this.refuseDemoPasswords();
    this.markReady();
    return { migrated, seeded };
  }

  /** ADMIN_EMAIL / ADMIN_PASSWORD: the first platform admin of a deployment, once (never while one exists). */
  private async createFirstAdmin(): Promise<void> {
    const users = this.db.getRepository(User);
    const exists = await users.existsBy({ role: 'admin', tenantId: IsNull() });
    const wanted = this.config.firstAdmin;
    if (exists) {
      if (wanted && !(await users.existsBy({ email: wanted.email, role: 'admin', tenantId: IsNull() }))) {
        this.logger.log('ADMIN_EMAIL is ignored: a platform admin exists already.');
      }
      return;
    }
    if (!wanted) {
      if (this.config.nodeEnv === 'production') {
        this.logger.warn('There is no platform admin yet: set ADMIN_EMAIL and ADMIN_PASSWORD to create the first one, then start again.');
      }
      return;
    }
    if (await users.existsBy({ email: wanted.email })) {
      throw new StartupRefusal(
        `ADMIN_EMAIL ${wanted.email} belongs to an account that is not a platform admin. Choose another address for the first platform admin.`,
      );
    }
    await users.save(
      users.create({
        email: wanted.email,
        name: 'Platform Admin',
        role: 'admin',
        status: 'approved',
        tenantId: null,
        activeOrgId: null,
        passwordHash: await hashPassword(wanted.password),
      }),
    );
    this.logger.log(`Created the first platform admin, ${wanted.email}.`);
  }

  /**
   * In production no approved account may sign in with the published demo password. Only the seed gives it,
   * to the demo's own addresses, so those are the accounts checked: a few argon2 verifications (one per
   * distinct hash: the seed gives them all one), not one per account of a large deployment at every start.
   */
  private async refuseDemoPasswords(): Promise<void> {
    const accounts = await this.db.getRepository(User).find({
      where: { email: In([...DEMO_EMAILS]), status: 'approved' },
      select: { id: true, email: true, passwordHash: true },
      order: { id: 'ASC' },
    });
    const demoHash = new Map<string, boolean>();
    const stillDemo: string[] = [];
    for (const a of accounts) {
      if (!demoHash.has(a.passwordHash)) demoHash.set(a.passwordHash, await verifyPassword(a.passwordHash, DEMO_PASSWORD));
      if (demoHash.get(a.passwordHash)) stillDemo.push(a.email);
    }
    if (stillDemo.length === 0) return;
    throw new StartupRefusal(
      [
        `Refusing to start in production: ${stillDemo.length === 1 ? 'this approved account still has' : `these ${stillDemo.length} approved accounts still have`} the published demo password (${DEMO_PASSWORD}):`,
        `  ${stillDemo.join(', ')}`,
        'Give each a password of its own (sign in, Account Settings), or set it back to pending or delete it, then start again.',
        'To do that through the console, start it once with NODE_ENV=development and HOST=127.0.0.1, so only you can reach it.',
      ].join('\n'),
    );
  }

  private async seedIfEmpty(): Promise<boolean> {
    const wanted = this.config.seedDemo ?? this.config.nodeEnv !== 'production';
    if (!wanted) return false;
    const empty = (await this.db.getRepository(Tenant).count()) === 0 && (await this.db.getRepository(User).count()) === 0;
    if (!empty) return false;
    await this.db.transaction((tx) => seedDemo(tx, DEMO_SEEDERS));
    this.logger.log('Seeded the demo data.');
    return true;
  }
}
