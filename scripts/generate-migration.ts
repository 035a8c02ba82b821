// Writes a migration with the SQL that brings a fresh database up to the entities:
//   npm run migration:generate -- AddTrips
// It runs the existing migrations on a scratch PostgreSQL database, then asks TypeORM for the difference.
import 'reflect-metadata';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Client } from 'pg';
import { createDataSource } from '../server/src/database/data-source';

async function main(): Promise<void> {
  const name = process.argv[2];
  if (!name || !/^[A-Z][A-Za-z0-9]+$/.test(name)) throw new Error('Give the migration a PascalCase name.');
  const base = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const scratch = `migration_gen_${process.pid}`;
  const admin = new Client({ connectionString: base });
  await admin.connect();
  await admin.query(`CREATE DATABASE ${scratch}`);
  const url = new URL(base);
  url.pathname = `/${scratch}`;
  const ds = createDataSource({ databaseUrl: url.toString(), dataDir: '' });
  try {
    await ds.initialize();
    await ds.runMigrations();
    const sql = await ds.driver.createSchemaBuilder().log();
    if (sql.upQueries.length === 0) {
      console.log('The entities and the migrations agree; nothing to write.');
      return;
    }
    const stamp = Date.now();
    const cls = `${name}${stamp}`;
    const q = (s: string) => '`' + s.replace(/`/g, '\\`') + '`';
    const up = sql.upQueries.map((x) => `    await queryRunner.query(${q(x.query)});`).join('\n');
    const down = sql.downQueries
      .reverse()
      .map((x) => `    await queryRunner.query(${q(x.query)});`)
      .join('\n');
    const file = join(__dirname, '..', 'server', 'src', 'database', 'migrations', `${stamp}-${name}.ts`);
    writeFileSync(
      file,
      `import type { MigrationInterface, QueryRunner } from 'typeorm';\n\nexport class ${cls} implements MigrationInterface {\n  name = '${cls}';\n\n  public async up(queryRunner: QueryRunner): Promise<void> {\n${up}\n  }\n\n  public async down(queryRunner: QueryRunner): Promise<void> {\n${down}\n  }\n}\n`,
    );
    console.log(`Wrote ${file}; add ${cls} to migrations/index.ts.`);
  } finally {
    if (ds.isInitialized) await ds.destroy();
    await admin.query(`DROP DATABASE ${scratch}`);
    await admin.end();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.message : e);
  process.exit(1);
});
