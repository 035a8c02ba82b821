import type { MigrationInterface, QueryRunner } from 'typeorm';

/** The columns a trip is counted under in `trip_counters` (its key), as the trigger and the backfill write them. */
const COUNTER_KEY = 'tenant_id, school_org_id, company_org_id, created_by_id, status, paid, slot';
/** The same for `trip_day_counters`. */
const DAY_KEY = 'tenant_id, departure_date, school_org_id, company_org_id, created_by_id, status';

/**
 * Two statements that add (`sign` 1) or take away (-1) the live rows of `source` (trips rows: the table, or a
 * statement's inserted or deleted rows) to or from both counter tables, one upsert per key, keys in order.
 */
function countRows(source: string, sign: 1 | -1): [string, string] {
  return [
    `INSERT INTO trip_counters AS c (${COUNTER_KEY}, n, price)
      SELECT tenant_id, school_org_id, COALESCE(bus_company_org_id, 0), COALESCE(created_by_id, 0), status, paid, (id % 8)::smallint,
             ${sign} * count(*), ${sign} * sum(price)
        FROM ${source} WHERE deleted = false
       GROUP BY 1, 2, 3, 4, 5, 6, 7 ORDER BY 1, 2, 3, 4, 5, 6, 7
          ON CONFLICT (${COUNTER_KEY}) DO UPDATE SET n = c.n + excluded.n, price = c.price + excluded.price`,
    `INSERT INTO trip_day_counters AS c (${DAY_KEY}, n)
      SELECT tenant_id, departure_date, school_org_id, COALESCE(bus_company_org_id, 0), COALESCE(created_by_id, 0), status, ${sign} * count(*)
        FROM ${source} WHERE deleted = false
       GROUP BY 1, 2, 3, 4, 5, 6 ORDER BY 1, 2, 3, 4, 5, 6
          ON CONFLICT (${DAY_KEY}) DO UPDATE SET n = c.n + excluded.n`,
  ];
}

/**
 * How many trips there are, and their prices, kept by the database itself in the transaction of every write to `trips`
 * (trips/README.md, "Counters"): the dashboard's cards, Finance's figures and the unfiltered total of All Trips read
 * a few hundred counter rows instead of counting a tenant's whole history.
 *
 * - `trip_counters`: live trips (not deleted) and the sum of their prices per tenant, school, company (0: none),
 *   requester (0: none), status, paid and `slot` (the trip's id mod 8). The slot spreads the writes of one scope over
 *   eight rows, so parallel writes do not all queue on one row's lock; reads sum over the slots.
 * - `trip_day_counters`: live trips per tenant, departure day, school, company, requester and status, for "upcoming"
 *   (departing today or later): its read is an index range over the days to come, which history does not lengthen.
 *   No slot here: the day already spreads the writes (two writers meet only on trips of one requester, school,
 *   company, status and day), and eight slots would multiply the rows that read has to sum.
 *
 * Triggers on `trips` apply each change in its own transaction. INSERT and DELETE: once per statement, over the rows it
 * inserted or deleted (a transition table), one upsert per key, so a bulk insert of a million trips costs one grouped
 * pass, not a million upserts. UPDATE: per row, minus the old row if it was counted and plus the new one if it is, in
 * one INSERT … ON CONFLICT. Keys always come sorted (and `trip_counters` before `trip_day_counters`), so two
 * transactions meeting on the same counter rows lock them in the same order: no deadlock between two single-trip
 * writes. An UPDATE that changes none of the counted columns (notes, times, buses without a price, the version) does
 * not even call its function (the trigger's WHEN): most writes pay nothing. Foreign-key actions (a company or user
 * removed: SET NULL; a tenant or school removed: CASCADE) are ordinary updates and deletes, so they are counted too;
 * TRUNCATE empties both tables. The functions keep the search_path they were created with, so a session naming the
 * schema differently still writes this schema's counters.
 */
export class TripCounters1795686490116 implements MigrationInterface {
  name = 'TripCounters1795686490116';

  public async up(queryRunner: QueryRunner): Promise<void> {
    // price: the sum of many numeric(12,2) prices needs more digits than one.
    await queryRunner.query(
      `CREATE TABLE "trip_counters" ("tenant_id" integer NOT NULL, "school_org_id" integer NOT NULL, "company_org_id" integer NOT NULL, "created_by_id" integer NOT NULL, "status" character varying(20) NOT NULL, "paid" boolean NOT NULL, "slot" smallint NOT NULL, "n" bigint NOT NULL, "price" numeric(18,2) NOT NULL, CONSTRAINT "PK_trip_counters" PRIMARY KEY (${COUNTER_KEY}))`,
    );
    await queryRunner.query(
      `CREATE TABLE "trip_day_counters" ("tenant_id" integer NOT NULL, "departure_date" date NOT NULL, "school_org_id" integer NOT NULL, "company_org_id" integer NOT NULL, "created_by_id" integer NOT NULL, "status" character varying(20) NOT NULL, "n" bigint NOT NULL, CONSTRAINT "PK_trip_day_counters" PRIMARY KEY (${DAY_KEY}))`,
    );
    // A platform admin's upcoming trips across tenants: the days to come of every tenant.
    await queryRunner.query(`CREATE INDEX "IDX_trip_day_counters_day" ON "trip_day_counters" ("departure_date")`);

    await queryRunner.query(`CREATE FUNCTION trip_counters_add_rows() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        IF TG_OP = 'INSERT' THEN
          ${countRows('inserted_trips', 1).join(';\n')};
        ELSE
          ${countRows('deleted_trips', -1).join(';\n')};
        END IF;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION trip_counters_move_row() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        INSERT INTO trip_counters AS c (${COUNTER_KEY}, n, price)
        SELECT ${COUNTER_KEY}, sum(d.n), sum(d.price)
          FROM (SELECT OLD.tenant_id, OLD.school_org_id, COALESCE(OLD.bus_company_org_id, 0), COALESCE(OLD.created_by_id, 0),
                       OLD.status, OLD.paid, (OLD.id % 8)::smallint, -1, -OLD.price WHERE NOT OLD.deleted
                UNION ALL
                SELECT NEW.tenant_id, NEW.school_org_id, COALESCE(NEW.bus_company_org_id, 0), COALESCE(NEW.created_by_id, 0),
                       NEW.status, NEW.paid, (NEW.id % 8)::smallint, 1, NEW.price WHERE NOT NEW.deleted
               ) AS d(${COUNTER_KEY}, n, price)
         GROUP BY ${COUNTER_KEY}
        HAVING sum(d.n) <> 0 OR sum(d.price) <> 0
         ORDER BY ${COUNTER_KEY}
            ON CONFLICT (${COUNTER_KEY}) DO UPDATE SET n = c.n + excluded.n, price = c.price + excluded.price;
        -- A change of paid or price alone leaves the days as they were.
        IF (OLD.deleted, OLD.tenant_id, OLD.departure_date, OLD.school_org_id, OLD.bus_company_org_id, OLD.created_by_id, OLD.status)
           IS NOT DISTINCT FROM (NEW.deleted, NEW.tenant_id, NEW.departure_date, NEW.school_org_id, NEW.bus_company_org_id, NEW.created_by_id, NEW.status) THEN
          RETURN NULL;
        END IF;
        INSERT INTO trip_day_counters AS c (${DAY_KEY}, n)
        SELECT ${DAY_KEY}, sum(d.n)
          FROM (SELECT OLD.tenant_id, OLD.departure_date, OLD.school_org_id, COALESCE(OLD.bus_company_org_id, 0),
                       COALESCE(OLD.created_by_id, 0), OLD.status, -1 WHERE NOT OLD.deleted
                UNION ALL
                SELECT NEW.tenant_id, NEW.departure_date, NEW.school_org_id, COALESCE(NEW.bus_company_org_id, 0),
                       COALESCE(NEW.created_by_id, 0), NEW.status, 1 WHERE NOT NEW.deleted
               ) AS d(${DAY_KEY}, n)
         GROUP BY ${DAY_KEY}
        HAVING sum(d.n) <> 0
         ORDER BY ${DAY_KEY}
            ON CONFLICT (${DAY_KEY}) DO UPDATE SET n = c.n + excluded.n;
        RETURN NULL;
      END $$`);
    await queryRunner.query(`CREATE FUNCTION trip_counters_truncate() RETURNS trigger LANGUAGE plpgsql SET search_path FROM CURRENT AS $$
      BEGIN
        TRUNCATE trip_counters, trip_day_counters;
        RETURN NULL;
      END $$`);
    // Creating a trigger locks out writes to trips until this migration commits, so the backfill below misses none.
    await queryRunner.query(
      `CREATE TRIGGER "trips_counters_insert" AFTER INSERT ON "trips" REFERENCING NEW TABLE AS inserted_trips FOR EACH STATEMENT EXECUTE FUNCTION trip_counters_add_rows()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trips_counters_delete" AFTER DELETE ON "trips" REFERENCING OLD TABLE AS deleted_trips FOR EACH STATEMENT EXECUTE FUNCTION trip_counters_add_rows()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trips_counters_update" AFTER UPDATE ON "trips" FOR EACH ROW
        WHEN ((OLD.id, OLD.deleted, OLD.tenant_id, OLD.school_org_id, OLD.bus_company_org_id, OLD.created_by_id, OLD.status, OLD.paid, OLD.price, OLD.departure_date)
              IS DISTINCT FROM (NEW.id, NEW.deleted, NEW.tenant_id, NEW.school_org_id, NEW.bus_company_org_id, NEW.created_by_id, NEW.status, NEW.paid, NEW.price, NEW.departure_date))
        EXECUTE FUNCTION trip_counters_move_row()`,
    );
    await queryRunner.query(
      `CREATE TRIGGER "trips_counters_truncate" AFTER TRUNCATE ON "trips" FOR EACH STATEMENT EXECUTE FUNCTION trip_counters_truncate()`,
    );
    // The trips already there.
    for (const statement of countRows('trips', 1)) await queryRunner.query(statement);
  }

  public async down(queryRunner: QueryRunner): Promise<void> {
    await queryRunner.query(`DROP TRIGGER "trips_counters_truncate" ON "trips"`);
    await queryRunner.query(`DROP TRIGGER "trips_counters_update" ON "trips"`);
    await queryRunner.query(`DROP TRIGGER "trips_counters_delete" ON "trips"`);
    await queryRunner.query(`DROP TRIGGER "trips_counters_insert" ON "trips"`);
    await queryRunner.query(`DROP FUNCTION trip_counters_truncate()`);
    await queryRunner.query(`DROP FUNCTION trip_counters_move_row()`);
    await queryRunner.query(`DROP FUNCTION trip_counters_add_rows()`);
    await queryRunner.query(`DROP TABLE "trip_day_counters"`);
    await queryRunner.query(`DROP TABLE "trip_counters"`);
  }
}
