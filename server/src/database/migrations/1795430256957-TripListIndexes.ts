import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The departure time in minutes, as this migration indexes it (trip-list.repository.spec.ts compares it with the queries'). */
export const DEPARTURE_MINUTE_KEY =
  `COALESCE(CASE WHEN btrim(departure_time) ~ '^(0[1-9]|1[0-2]):[0-5][0-9] ?[AaPp][Mm]$' THEN ` +
  `(substr(btrim(departure_time), 1, 2)::int % 12 + CASE WHEN upper(right(btrim(departure_time), 2)) = 'PM' THEN 12 ELSE 0 END) * 60 + substr(btrim(departure_time), 4, 2)::int ` +
  `END, 1440)`;

/**
 * Indexes for the trip lists at scale (trips/README.md "Reading at scale" has the plans they give at 1,000,000
 * trips). Generated from trip.entity.ts for the plain ones, then reviewed: the generator qualified the dropped indexes
 * with "public" (wrong when DATABASE_SCHEMA names another schema) and read their columns in the wrong order for down().
 * The rest is written by hand because TypeORM cannot declare it: expression keys (the departure minute, which must stay
 * the text of trips/repository/trip-list.repository.ts `departureMinuteSql`; trip-list.repository.spec.ts checks), INCLUDE columns, a trigram GIN
 * and a GiST on the trip's days. Each CREATE says IF NOT EXISTS, so on a large live database an operator may build them
 * beforehand with CREATE INDEX CONCURRENTLY under the same names and this migration only records them.
 */
export class TripListIndexes1795430256957 implements MigrationInterface {
  name = 'TripListIndexes1795430256957';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // pg_trgm (trusted: a database owner may install it; the embedded database loads it in pglite-pool.ts) goes to
    // "public", never to the schema in use: tests and benchmarks drop their schemas, and an extension living in one
    // would take every other schema's trigram index with it. Two runs installing it at once: one wins, the other moves on.
    await queryRunner.query(`DO $$
      BEGIN
        IF NOT EXISTS (SELECT 1 FROM pg_extension WHERE extname = 'pg_trgm') THEN
          IF EXISTS (SELECT 1 FROM pg_namespace WHERE nspname = 'public') THEN
            CREATE EXTENSION pg_trgm WITH SCHEMA public;
          ELSE
            CREATE EXTENSION pg_trgm;
          END IF;
        END IF;
      EXCEPTION WHEN unique_violation OR duplicate_object THEN NULL;
      END $$`);
    const [{ schema }] = (await queryRunner.query(
      `SELECT n.nspname AS schema FROM pg_extension e JOIN pg_namespace n ON n.oid = e.extnamespace WHERE e.extname = 'pg_trgm'`,
    )) as { schema: string }[];
    const trgm = `"${schema.replace(/"/g, '""')}".gin_trgm_ops`;

    await queryRunner.query(`DROP INDEX "IDX_trips_created_by_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_bus_company_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_school_live"`);
    await queryRunner.query(`CREATE INDEX IF NOT EXISTS "IDX_trips_tenant_count" ON "trips"  ("tenant_id") WHERE deleted = false`);
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_tenant_creator_live" ON "trips"  ("tenant_id", "created_by_id", "id") WHERE deleted = false`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_tenant_company_live" ON "trips"  ("tenant_id", "bus_company_org_id", "id") WHERE deleted = false`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_tenant_school_live" ON "trips"  ("tenant_id", "school_org_id", "id") WHERE deleted = false`,
    );

    // Date order (the All Trips Date column: day, then time, then number), the month filter and the dashboard's upcoming
    // list: per tenant, per school, and across tenants for a platform admin. The included columns let a page's keys,
    // a month's count and a school's dashboard be read from the index alone (PostgreSQL computes the minute from the
    // included departure_time; it cannot read an expression's value back from the index).
    const minute = DEPARTURE_MINUTE_KEY;
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_tenant_date_live" ON "trips" ("tenant_id", "departure_date", (${minute}), "id") INCLUDE ("departure_time") WHERE deleted = false`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_school_date_live" ON "trips" ("tenant_id", "school_org_id", "departure_date", (${minute}), "id") INCLUDE ("departure_time", "status") WHERE deleted = false`,
    );
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_date_live" ON "trips" ("departure_date", (${minute}), "id") INCLUDE ("tenant_id", "departure_time") WHERE deleted = false`,
    );
    // Counts by status (filter, dashboard) and Finance's paid totals, from the index alone.
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_tenant_status_live" ON "trips" ("tenant_id", "status", "departure_date") INCLUDE ("paid", "price") WHERE deleted = false`,
    );
    // Substring search (All Trips: destination, notes, custom type; Finance: requester, destination).
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_search_live" ON "trips" USING gin ("destination" ${trgm}, "notes" ${trgm}, "custom_type" ${trgm}, "created_by" ${trgm}, "created_by_email" ${trgm}) WHERE deleted = false`,
    );
    // The calendar: trips whose days overlap the range shown.
    await queryRunner.query(
      `CREATE INDEX IF NOT EXISTS "IDX_trips_days_live" ON "trips" USING gist (daterange("departure_date", GREATEST("departure_date", "return_date"), '[]')) WHERE deleted = false`,
    );
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP INDEX "IDX_trips_days_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_search_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_status_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_date_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_school_date_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_date_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_school_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_company_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_creator_live"`);
    await queryRunner.query(`DROP INDEX "IDX_trips_tenant_count"`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_school_live" ON "trips" ("school_org_id", "id") WHERE deleted = false`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_bus_company_live" ON "trips" ("bus_company_org_id", "id") WHERE deleted = false`);
    await queryRunner.query(`CREATE INDEX "IDX_trips_created_by_live" ON "trips" ("created_by_id", "id") WHERE deleted = false`);
    // pg_trgm stays: other schemas of this database may use it.
  }
}
