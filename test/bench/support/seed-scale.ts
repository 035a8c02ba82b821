// Seeds tenants and trips at scale with set-based SQL (generate_series inside PostgreSQL), never through the API:
// a million trips in about a minute here. Used by the read benchmark (test/bench/02-reads.bench.ts) and by
// scripts/seed-scale.ts (a schema to study with EXPLAIN). Rows look like a district's years of history: departures
// spread over six years back and one ahead, past trips mostly Completed, future ones Pending to Confirmed, a few
// cancelled; destinations and notes drawn from realistic word lists; companies and buses on accepted trips;
// finance's paid flag on about two thirds of the completed ones.
import type { Pool } from 'pg';

export interface ScaleTenant {
  tenantId: number;
  slug: string;
  /** schools[i] is partnered with companies[i] (and companies[i] also with schools[i + 1]). */
  schools: number[];
  companies: number[];
  admin: number;
  finance: number;
  manager: number;
  /** staff[i] works at schools[i] and requests its trips. */
  staff: number[];
  staffNames: string[];
  staffEmails: string[];
  /** dispatchers[i] works at companies[i]. */
  dispatchers: number[];
}

const DESTINATIONS = [
  'Science Museum',
  'City Zoo',
  'Natural History Museum',
  'Aquarium',
  'Botanical Garden',
  'National Park',
  'Planetarium',
  'Sports Stadium',
  'Swimming Centre',
  'Art Gallery',
  'Heritage Village',
  'Desert Camp',
  'Mangrove Reserve',
  "Children's Theatre",
  'Public Library',
  'Fire Station',
  'Farm Visit',
  'Water Park',
  'Ice Rink',
  'Climbing Centre',
  'Concert Hall',
  'University Campus',
  'Space Centre',
  'Marine Research Station',
  'History Fort',
  'Cultural Centre',
  'Football Academy',
  'Tennis Club',
  'Robotics Lab',
  'Chess Tournament Hall',
  'Mountain Trail',
  'Beach Clean-up',
  'Old Town Walk',
  'Bird Sanctuary',
  'Recycling Plant',
  'Newspaper Office',
  'Television Studio',
  'Chocolate Factory',
  'Pottery Workshop',
  'Archaeology Dig',
  'Observatory',
  'Music Festival',
  'Book Fair',
  'Debate Championship',
  'Athletics Track',
  'Equestrian Club',
  'Sailing Club',
  'Wildlife Centre',
  'Science Fair',
  'Airport Tour',
];
const NOTES = [
  'Bring packed lunches',
  'Sunscreen and hats required',
  'Two wheelchair users',
  'Return may run late',
  'Permission slips collected',
  'Teachers meet at the gate at 7:45',
  'Students in PE kit',
  'Allergy list attached',
  'Quiet zone on the way back',
  'Pick up at the side entrance',
  'Parents informed by e-mail',
  'Bring water bottles',
  'Museum guide booked',
  'Check booster seats for Year 1',
  'Rain plan: indoor hall',
];
const CUSTOM_TYPES = [
  'Robotics Competition',
  'Choir Tour',
  'Model United Nations',
  'Community Service',
  'Orientation Day',
  'Graduation Rehearsal',
];

const FIRST_NAMES = [
  'Amina',
  'Omar',
  'Sara',
  'Yusuf',
  'Layla',
  'Daniel',
  'Fatima',
  'James',
  'Noor',
  'Priya',
  'Hassan',
  'Emily',
  'Khalid',
  'Mei',
  'Ravi',
  'Olivia',
  'Tariq',
  'Hannah',
  'Zain',
  'Grace',
];
const LAST_NAMES = [
  'Al Mansoori',
  'Khan',
  'Haddad',
  'Smith',
  'Patel',
  'Nasser',
  'Okafor',
  'Fernandes',
  'Rahman',
  'Brown',
  'Suleiman',
  'Chen',
  'Mendes',
  'Ibrahim',
  'Walker',
  'Qureshi',
];

/** The school staff member `i` of a tenant: a person's name and an e-mail address unique to the pair. */
function staffPerson(tenantId: number, i: number): { name: string; email: string } {
  const first = FIRST_NAMES[(tenantId * 7 + i) % FIRST_NAMES.length];
  const last = LAST_NAMES[(tenantId * 3 + i * 5) % LAST_NAMES.length];
  return { name: `${first} ${last}`, email: `${first}.${last.replace(/ /g, '')}.${tenantId}.${i + 1}@school.test`.toLowerCase() };
}

const sqlArray = (xs: string[]) => `ARRAY[${xs.map((x) => `'${x.replace(/'/g, "''")}'`).join(',')}]`;

/** `count` tenants, each with `schools` schools and as many bus companies, partnerships, and one user per role and organization. */
export async function seedScaleTenants(db: Pool, opts: { count: number; prefix: string; schools?: number }): Promise<ScaleTenant[]> {
  const s = opts.schools ?? 4;
  const tenants = (
    await db.query<{ id: number; slug: string }>(
      `INSERT INTO tenants (name, slug)
       SELECT 'District ' || $1::text || ' ' || g, 'district-' || lower($1::text) || '-' || g FROM generate_series(1, $2::int) g
       RETURNING id, slug`,
      [opts.prefix, opts.count],
    )
  ).rows.sort((a, b) => a.id - b.id);
  const ids = tenants.map((t) => t.id);
  const orgs = (
    await db.query<{ id: number; tenant_id: number; type: string; n: number }>(
      `INSERT INTO organizations (tenant_id, type, name, slug)
       SELECT t.id, k.type, k.label || ' ' || i, lower(k.label) || '-' || i || '-' || t.slug
         FROM unnest($1::int[], $2::text[]) AS t(id, slug)
        CROSS JOIN (VALUES ('school', 'School'), ('bus_company', 'Coaches')) AS k(type, label)
        CROSS JOIN generate_series(1, $3::int) i
       RETURNING id, tenant_id, type, split_part(name, ' ', 2)::int AS n`,
      [ids, tenants.map((t) => t.slug), s],
    )
  ).rows;
  const orgOf = (tenantId: number, type: string) =>
    orgs
      .filter((o) => o.tenant_id === tenantId && o.type === type)
      .sort((a, b) => a.n - b.n)
      .map((o) => o.id);
  const byTenant = ids.map((id) => ({ id, schools: orgOf(id, 'school'), companies: orgOf(id, 'bus_company') }));
  await db.query(
    `INSERT INTO partnerships (tenant_id, school_org_id, bus_company_org_id)
     SELECT tenant_id, school, company FROM unnest($1::int[], $2::int[], $3::int[]) AS p(tenant_id, school, company)`,
    [
      byTenant.flatMap((t) => [...t.schools.map(() => t.id), ...t.schools.slice(1).map(() => t.id)]),
      byTenant.flatMap((t) => [...t.schools, ...t.schools.slice(1)]),
      byTenant.flatMap((t) => [...t.companies, ...t.companies.slice(0, -1)]),
    ],
  );
  const users = (
    await db.query<{ id: number; tenant_id: number; role: string; active_org_id: number | null }>(
      `INSERT INTO users (tenant_id, active_org_id, name, email, password_hash, role, status)
       SELECT tenant_id, org, name, email, 'no-password', role, 'approved'
         FROM unnest($1::int[], $2::int[], $3::text[], $4::text[], $5::text[]) AS u(tenant_id, org, role, name, email)
       RETURNING id, tenant_id, role, active_org_id`,
      [
        byTenant.flatMap((t) => [t.id, t.id, t.id, ...t.schools.map(() => t.id), ...t.companies.map(() => t.id)]),
        byTenant.flatMap((t) => [null, null, null, ...t.schools, ...t.companies]),
        byTenant.flatMap((t) => [
          'admin',
          'finance',
          'trip_manager',
          ...t.schools.map(() => 'school_staff'),
          ...t.companies.map(() => 'bus_company'),
        ]),
        byTenant.flatMap((t) => [
          `Admin ${t.id}`,
          `Finance ${t.id}`,
          `Manager ${t.id}`,
          ...t.schools.map((_, i) => staffPerson(t.id, i).name),
          ...t.companies.map((_, i) => `Dispatch ${i + 1} ${t.id}`),
        ]),
        byTenant.flatMap((t) => [
          `admin.${t.id}@scale.test`,
          `finance.${t.id}@scale.test`,
          `manager.${t.id}@scale.test`,
          ...t.schools.map((_, i) => staffPerson(t.id, i).email),
          ...t.companies.map((_, i) => `dispatch.${i + 1}.${t.id}@scale.test`),
        ]),
      ],
    )
  ).rows;
  return tenants.map(({ id, slug }, i) => {
    const mine = users.filter((u) => u.tenant_id === id);
    const one = (role: string) => mine.find((u) => u.role === role)!.id;
    const { schools, companies } = byTenant[i];
    return {
      tenantId: id,
      slug,
      schools,
      companies,
      admin: one('admin'),
      finance: one('finance'),
      manager: one('trip_manager'),
      staff: schools.map((org) => mine.find((u) => u.active_org_id === org)!.id),
      staffNames: schools.map((_, k) => staffPerson(id, k).name),
      staffEmails: schools.map((_, k) => staffPerson(id, k).email),
      dispatchers: companies.map((org) => mine.find((u) => u.active_org_id === org)!.id),
    };
  });
}

/**
 * Appends `perTenant` trips to each tenant, in one INSERT … SELECT over generate_series (ids, and so "newest first",
 * follow the order of insertion). Every tenant must have the same number of schools. Runs ANALYZE afterwards when asked.
 */
export async function addScaleTrips(db: Pool, tenants: ScaleTenant[], perTenant: number, opts: { analyze?: boolean } = {}): Promise<void> {
  if (tenants.length === 0 || perTenant <= 0) return;
  const s = tenants[0].schools.length;
  if (tenants.some((t) => t.schools.length !== s)) throw new Error('every tenant needs the same number of schools');
  const client = await db.connect();
  try {
    await client.query('BEGIN');
    // The insert sorts by creation time so ids follow it; let that sort happen in memory.
    await client.query(`SET LOCAL work_mem = '512MB'`);
    await client.query(
      `INSERT INTO trips (tenant_id, school_org_id, bus_company_org_id, created_by_id, created_by, created_by_email, trip_type, custom_type,
        origin, destination, departure_date, departure_time, return_date, return_time, students, staff, notes, booster_seats_requested,
        booster_seat_count, status, buses, bus_info, driver_info, price, paid, created_at, updated_at)
     SELECT tenant_id, school, CASE WHEN assigned THEN company END, staff, staff_name, staff_email, trip_type,
            CASE WHEN trip_type = 'Other' THEN (${sqlArray(CUSTOM_TYPES)})[1 + (h2 % ${CUSTOM_TYPES.length})] END,
            'School', (${sqlArray(DESTINATIONS)})[1 + (h1 % ${DESTINATIONS.length})],
            departure, dep_time, departure + days, ret_time, students, 2 + (h2 % 4),
            CASE WHEN h3 % 5 < 3 THEN (${sqlArray(NOTES)})[1 + (h3 % ${NOTES.length})] END,
            h4 % 10 = 0, CASE WHEN h4 % 10 = 0 THEN 1 + h4 % 6 ELSE 0 END, status,
            CASE WHEN bused THEN jsonb_build_array(jsonb_build_object('busType', 'White Bus', 'busSeats', 50, 'tripPrice', 450 + (h2 % 8) * 50,
                   'driverName', 'Driver ' || (h3 % 90), 'driverPhone', '+971 50 ' || lpad((h3 % 10000000)::text, 7, '0'), 'status', null))
                 ELSE '[]'::jsonb END,
            CASE WHEN bused THEN jsonb_build_object('busType', 'White Bus', 'seats', 50) END,
            CASE WHEN bused THEN jsonb_build_object('name', 'Driver ' || (h3 % 90), 'mobile', '+971 50 ' || lpad((h3 % 10000000)::text, 7, '0')) END,
            CASE WHEN bused THEN 450 + (h2 % 8) * 50 ELSE 0 END,
            status = 'Completed' AND h4 % 3 < 2,
            created, created + (h2 % 5) * interval '1 hour'
       FROM (
         SELECT t.tenant_id, t.schools[1 + k] AS school, t.companies[1 + k] AS company, t.staff[1 + k] AS staff,
                t.names[1 + k] AS staff_name, t.emails[1 + k] AS staff_email, k, h1, h2, h3, h4,
                departure, days, students, dep_time, ret_time, trip_type, status,
                departure - (5 + h1 % 60) * interval '1 day' + (h3 % 86400) * interval '1 second' AS created,
                status NOT IN ('Pending', 'Rejected') AS assigned, status IN ('Confirmed', 'Completed', 'Cancel Requested') AS bused
           FROM (SELECT * FROM unnest($1::int[]) WITH ORDINALITY AS x(tenant_id, o)) tid
           JOIN LATERAL (SELECT tid.tenant_id, ($2::int[][])[tid.o:tid.o][1:${s}] AS s2, ($3::int[][])[tid.o:tid.o][1:${s}] AS c2,
                                ($4::int[][])[tid.o:tid.o][1:${s}] AS u2,
                                ($6::text[][])[tid.o:tid.o][1:${s}] AS n2, ($7::text[][])[tid.o:tid.o][1:${s}] AS e2) raw ON true
           CROSS JOIN LATERAL (SELECT tid.tenant_id, ARRAY(SELECT unnest(raw.s2)) AS schools, ARRAY(SELECT unnest(raw.c2)) AS companies,
                                      ARRAY(SELECT unnest(raw.u2)) AS staff,
                                      ARRAY(SELECT unnest(raw.n2)) AS names, ARRAY(SELECT unnest(raw.e2)) AS emails) t
           CROSS JOIN generate_series(1, $5::int) g
           CROSS JOIN LATERAL (SELECT hashint8(g::bigint * 7919 + tid.tenant_id) & 2147483647 AS h1,
                                      hashint8(g::bigint * 104729 + tid.tenant_id) & 2147483647 AS h2,
                                      hashint8(g::bigint * 1299709 + tid.tenant_id) & 2147483647 AS h3,
                                      hashint8(g::bigint * 15485863 + tid.tenant_id) & 2147483647 AS h4) h
           CROSS JOIN LATERAL (SELECT (h1 % ${s}) AS k,
                                      current_date - 6 * 365 + ((g::bigint * 7 * 365) / $5::int)::int - 15 + (h2 % 30)::int AS departure,
                                      (CASE WHEN h3 % 8 = 0 THEN 1 + h3 % 3 ELSE 0 END)::int AS days,
                                      15 + (h1 % 45)::int AS students,
                                      lpad((7 + h4 % 3)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + h2 % 4] || ' AM' AS dep_time,
                                      lpad((1 + h3 % 5)::text, 2, '0') || ':' || (ARRAY['00','15','30','45'])[1 + h4 % 4] || ' PM' AS ret_time,
                                      CASE WHEN h2 % 20 = 0 THEN 'Other'
                                           ELSE (ARRAY['Academic Trip','Boarding House Trip','Day Trip','Sports Trip'])[1 + h3 % 4] END AS trip_type) d
           CROSS JOIN LATERAL (SELECT CASE
                 WHEN departure < current_date THEN
                   (ARRAY['Completed','Completed','Completed','Completed','Completed','Completed','Completed','Completed','Completed','Completed',
                          'Completed','Completed','Completed','Completed','Completed','Completed','Canceled','Canceled','Rejected','Confirmed'])[1 + h4 % 20]
                 ELSE (ARRAY['Pending','Pending','Pending','Pending','Pending','Pending','Accepted','Accepted','Accepted','Accepted',
                             'Confirmed','Confirmed','Confirmed','Confirmed','Confirmed','Confirmed','Confirmed','Cancel Requested','Canceled','Rejected'])[1 + h4 % 20]
               END AS status) st
       ) x
      ORDER BY created`,
      [
        tenants.map((t) => t.tenantId),
        tenants.map((t) => t.schools),
        tenants.map((t) => t.companies),
        tenants.map((t) => t.staff),
        perTenant,
        tenants.map((t) => t.staffNames),
        tenants.map((t) => t.staffEmails),
      ],
    );
    await client.query('COMMIT');
  } catch (e) {
    await client.query('ROLLBACK');
    throw e;
  } finally {
    client.release();
  }
  if (opts.analyze !== false) await db.query('VACUUM ANALYZE trips');
}
