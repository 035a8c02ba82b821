// Used only by the TypeORM CLI to generate migrations: `npm run migration:generate -w server -- Name`.
import 'reflect-metadata';
import { createDataSource } from './data-source';

export default createDataSource({
  databaseUrl: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
  dataDir: './data',
  schema: process.env.DB_SCHEMA ?? 'migration_gen',
});
