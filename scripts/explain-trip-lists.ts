// EXPLAIN (ANALYZE, BUFFERS) of every query the trip lists send (server/src/trips/trip-list.service.ts), as each role,
// on a schema seeded by scripts/seed-scale.ts:
//   SCHEMA=scale SWC_NODE_PROJECT=server/tsconfig.json node -r @swc-node/register scripts/explain-trip-lists.ts
// For each call it prints the queries' execution times and the gist of their plans (scan nodes and their indexes);
// FULL=1 prints the whole plans. DATABASE_URL defaults to the local `test` database. Reads only.
import 'reflect-metadata';
import type { DataSource, Logger, QueryRunner } from 'typeorm';
import type { AuthUser } from '../server/src/common/auth-user';
import type { AppConfig } from '../server/src/config/config';
import type { Role } from '../server/src/contracts/roles';
import { createDataSource, dataSourceOptions } from '../server/src/database/data-source';
import { TripListService } from '../server/src/trips/trip-list.service';
import { TripFleet } from '../server/src/fleet/trip-fleet.service';
import { DomainEvents } from '../server/src/common/domain-events';
import { UnitOfWork } from '../server/src/database/unit-of-work';
import { EventEmitter2 } from '@nestjs/event-emitter';
import { tripExportQuery, tripFilterQuery, tripListQuery, tripStatsQuery } from '../server/src/trips/trip-list.schemas';
import { listTripsQuery } from '../server/src/trips/trips.schemas';

const captured: { sql: string; params: unknown[] }[] = [];
class Capture implements Logger {
  logQuery(query: string, parameters?: unknown[], _runner?: QueryRunner): void {
    if (/^\s*(SELECT|WITH)/i.test(query)) captured.push({ sql: query, params: parameters ?? [] });
  }
  logQueryError(): void {}
  logQuerySlow(): void {}
  logSchemaBuild(): void {}
  logMigration(): void {}
  log(): void {}
}

async function main(): Promise<void> {
  const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
  const schema = process.env.SCHEMA ?? 'scale';
  const full = process.env.FULL === '1';
  const ds: DataSource = createDataSource({ databaseUrl: url, dataDir: '', schema });
  ds.setOptions({ ...dataSourceOptions({ databaseUrl: url, dataDir: '', schema }), logging: ['query'], logger: new Capture() });
  await ds.initialize();
  const plain = createDataSource({ databaseUrl: url, dataDir: '', schema });
  await plain.initialize();
  try {
    const [big] = await plain.query(`SELECT tenant_id AS id FROM trips GROUP BY tenant_id ORDER BY count(*) DESC LIMIT 1`);
    const user = async (role: Role): Promise<AuthUser> => {
      const [u] = await plain.query(
        `SELECT id, name, email, role, tenant_id, active_org_id FROM users WHERE tenant_id = $1 AND role = $2 ORDER BY id LIMIT 1`,
        [big.id, role],
      );
      return {
        id: u.id,
        name: u.name,
        email: u.email,
        role,
        status: 'approved',
        tenantId: u.tenant_id,
        activeOrgId: u.active_org_id,
        fleetDriverId: null,
        jti: '',
        exp: 0,
      };
    };
    const [{ n: total }] = await plain.query(`SELECT count(*)::int AS n FROM trips`);
    const [{ month }] = await plain.query(`SELECT to_char(max(departure_date) - 900, 'YYYY-MM') AS month FROM trips`);
    const platform: AuthUser = {
      id: 0,
      name: 'Root',
      email: 'root@x',
      role: 'admin',
      status: 'approved',
      tenantId: null,
      activeOrgId: null,
      fleetDriverId: null,
      jti: '',
      exp: 0,
    };
    const who: [string, AuthUser][] = [
      ['tenant admin', await user('admin')],
      ['school staff', await user('school_staff')],
      ['bus company', await user('bus_company')],
      ['finance', await user('finance')],
      ['platform admin', platform],
    ];
    const config = { databaseUrl: url, dispatch: { needsBusDays: 3, needsBusCheckSeconds: 0 } } as AppConfig;
    // The real flag reader (its clash query runs for trips that hold fleet buses); nothing here publishes events.
    const lists = new TripListService(ds, config, new TripFleet(config, new UnitOfWork(ds, new DomainEvents(new EventEmitter2()))));
    const [y, m] = month.split('-').map(Number);
    const from = `${month}-01`;
    const to = `${y}-${String(m).padStart(2, '0')}-28`;
    const calls: [string, (u: AuthUser) => Promise<unknown>][] = [
      ['first page (page=1, pageSize=12)', (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12' }))],
      [
        'page 1,000 by date descending',
        (u) => lists.page(u, tripListQuery.parse({ page: '1000', pageSize: '12', sort: 'date', dir: 'desc' })),
      ],
      ['last page', (u) => lists.page(u, tripListQuery.parse({ page: String(lastPage.get(u.id) ?? 1), pageSize: '12' }))],
      [`month ${month}, newest first`, (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', month }))],
      [`month ${month}, by date`, (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', month, sort: 'date' }))],
      ['status Pending', (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', status: 'Pending' }))],
      ['status Cancel Requested', (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', status: 'Cancel Requested' }))],
      ['search "museum"', (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', search: 'museum' }))],
      ['search "choir" (rare)', (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', search: 'choir' }))],
      [
        'search + status + month',
        (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', search: 'trip', status: 'Completed', month })),
      ],
      [`calendar ${from}..${to}`, (u) => lists.slice(u, tripListQuery.parse({ from, to, sort: 'date' }))],
      ['no parameters (first slice of 1,000)', (u) => lists.slice(u, tripListQuery.parse({}))],
      ['month options', (u) => lists.months(u, listTripsQuery.parse({}))],
      ['dashboard stats', (u) => lists.stats(u, tripStatsQuery.parse({}))],
      ['finance totals, paid, one month', (u) => lists.totals(u, tripFilterQuery.parse({ paid: 'true', month }))],
      ['finance totals, everything', (u) => lists.totals(u, tripFilterQuery.parse({}))],
      [
        'finance page: paid, searched by requester',
        (u) => lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12', paid: 'true', search: 'noor', searchIn: 'finance' })),
      ],
    ];
    console.log(`Schema ${schema}: ${total.toLocaleString('en')} trips; the biggest tenant is ${big.id}.\n`);
    const lastPage = new Map<number, number>();
    for (const [, u] of who) lastPage.set(u.id, (await lists.page(u, tripListQuery.parse({ page: '1', pageSize: '12' }))).pageCount);
    for (const [label, call] of calls) {
      for (const [role, u] of who) {
        if (label.startsWith('finance') && role !== 'finance' && role !== 'platform admin') continue;
        captured.length = 0;
        await call(u);
        const queries = [...captured];
        const lines: string[] = [];
        for (const q of queries) {
          const plan: { 'QUERY PLAN': string }[] = await plain.query(`EXPLAIN (ANALYZE, BUFFERS) ${q.sql}`, q.params);
          const text = plan.map((r) => r['QUERY PLAN']);
          const exec = text.find((l) => l.startsWith('Execution Time'))?.replace('Execution Time: ', '') ?? '';
          const nodes = text
            .filter((l) => /(Scan|Sort Method|Aggregate|Limit|Recursive)/.test(l) && !/InitPlan|SubPlan/.test(l))
            .map((l) =>
              l
                .trim()
                .replace(/\s*\(cost=[^)]*\)/, '')
                .replace(/\(actual time=[\d.]+\.\.([\d.]+) rows=(\d+) loops=(\d+)\)/, '($2 rows×$3, $1 ms)'),
            )
            .filter((l) => !l.startsWith('->  Index Only Scan using "PK_') || !l.includes('organizations'));
          lines.push(`    ${exec.padStart(10)}  ${full ? '\n' + text.join('\n') : nodes.join(' | ')}`);
        }
        console.log(`${label} — ${role}\n${lines.join('\n')}`);
      }
    }
    // The export's batches are the slice queries with a cursor; one batch shows their plan.
    captured.length = 0;
    const stream = lists.exportCsv(who[0][1], tripExportQuery.parse({ month }));
    for await (const chunk of stream) void chunk;
    console.log(`export of ${month} — tenant admin: ${captured.length} queries (batches of 1,000 by keyset)`);
  } finally {
    await ds.destroy();
    await plain.destroy();
  }
}

main().catch((e: unknown) => {
  console.error(e instanceof Error ? e.stack : e);
  process.exit(1);
});
