import 'reflect-metadata';
import { performance } from 'node:perf_hooks';
import { createApp } from './app.factory';
import { ConfigError, loadConfig } from './config/config';
import { StartupRefusal } from './database/database-bootstrap';

async function bootstrap(): Promise<void> {
  const started = performance.now();
  let config;
  try {
    config = loadConfig();
  } catch (e) {
    if (e instanceof ConfigError) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  let created;
  try {
    created = await createApp(config);
  } catch (e) {
    if (e instanceof StartupRefusal) {
      console.error(e.message);
      process.exit(1);
    }
    throw e;
  }
  const { app, seeded } = created;
  await app.listen(config.port, config.host);
  const ms = Math.round(performance.now() - started);
  const url = `http://localhost:${config.port}`;
  const db = config.databaseUrl ? 'PostgreSQL' : `embedded PostgreSQL in ${config.dataDir}`;
  console.log(`\nSchool transport console ready at ${url} (${ms} ms, ${db}${seeded ? ', demo data seeded' : ''})`);
  // The demo exists only outside production (a seeded one, or the embedded database's, seeded on its first start).
  if (seeded || (config.nodeEnv !== 'production' && !config.databaseUrl)) {
    console.log('Demo sign-in: admin@demo.test / demo1234 (every demo account uses demo1234)\n');
  }
}

void bootstrap();
