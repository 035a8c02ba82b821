import { Inject, Injectable, Logger } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import { DataSource } from 'typeorm';
import { APP_CONFIG, type AppConfig } from '../config/config';
import { Tenant } from '../tenancy/tenant.entity';
import { User } from '../users/user.entity';
import { DEMO_SEEDERS } from './seed/demo-seeders';
import { seedDemo } from './seed/demo.seed';

// Any fixed number: replicas starting together take turns on migrations and seeding.
const STARTUP_LOCK = 7_350_001;

@Injectable()
export class DatabaseBootstrap {
  private readonly logger = new Logger('Database');

  constructor(
    @InjectDataSource() private readonly db: DataSource,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  /** Runs pending migrations, then seeds the demo on an empty database when allowed. */
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
    return { migrated, seeded };
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
