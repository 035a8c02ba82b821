import { z } from 'zod';
import { cancellationFeeSchema, tripEstimateSchema } from './rates.schemas';
import { BOOKING_STATUSES, type BookingDto } from '../contracts/bookings';
import type {
  BusDto,
  DispatchBoardDto,
  DriverDto,
  FleetConflictBody,
  FleetStaleBody,
  NotificationDto,
  FleetCompanyDto,
} from '../contracts/fleet-wire';
import type { OrganizationDto, PartnershipDto } from '../contracts/global-admin';
import { EMAIL_NOTICES, type EmailNotice } from '../contracts/notices';
import { PERMISSION_KEYS, type PermissionMatrixDto } from '../contracts/permissions';
import { LATE_KINDS } from '../contracts/progress-wire';
import { ORG_TYPES, ROLES, USER_STATUSES } from '../contracts/roles';
import type { TripPage, TripStats, TripTotals } from '../contracts/trip-list';
import type { SeriesAcceptDto, SeriesAssignDto, SeriesCancelDto, SeriesEditDto, SeriesRejectDto } from '../contracts/trip-series';
import {
  BUS_TYPES,
  type PassengerDto,
  type SubtripDto,
  TRIP_ACTIONS,
  TRIP_STATUSES,
  TRIP_TYPES,
  type TripConflictBody,
  type TripDto,
  type TripHistoryDto,
} from '../contracts/trip-wire';
import type { HealthDto, LoginResponse, ProfileDto, TenantDto } from '../contracts/wire';
import { busProgressSchema } from './progress.schemas';
import type { DriverInviteDto, DriverInviteInfoDto } from '../contracts/driver-wire';

/**
 * The response bodies as zod schemas: the wire types of server/src/contracts written once more, for the OpenAPI
 * document (GET /api/docs/openapi.json). They cannot drift from those types unnoticed: `_matches` below fails to
 * compile when a schema and its interface differ, and test/api/openapi.e2e.ts validates real answers against the
 * document (objects allow no property they do not name).
 */

const instant = z.iso.datetime({ offset: true });
const day = z.iso.date();
const count = z.number().int().min(0);
const idNum = z.number().int().min(1);
const ref = { id: idNum, name: z.string() };

export const errorSchema = z
  .object({
    message: z.string(),
    field: z.string().optional().meta({ description: 'On a 400: the body or query field the message is about, when there is one.' }),
  })
  .loose()
  .meta({ id: 'Error', description: 'Every error answer: a message a person can read.' });

export const profileSchema = z
  .object({
    id: idNum,
    name: z.string(),
    email: z.string(),
    role: z.enum(ROLES),
    roles: z.array(z.enum(ROLES)),
    status: z.enum(USER_STATUSES),
    tenant_id: idNum.nullable(),
    active_org_id: idNum.nullable(),
    tenant: z.object({ id: idNum, name: z.string(), slug: z.string() }).nullable(),
    active_org: z.object({ id: idNum, name: z.string(), type: z.enum(ORG_TYPES) }).nullable(),
    created_at: instant,
    emailNotices: z
      .object(Object.fromEntries(EMAIL_NOTICES.map((n) => [n, z.boolean()])) as Record<EmailNotice, z.ZodBoolean>)
      .optional()
      .meta({ description: 'Which notices the user takes by e-mail; every notice is on until the user chooses. Always present.' }),
  })
  .meta({ id: 'Profile' });

export const loginResponseSchema = z.object({ token: z.string(), user: profileSchema }).meta({ id: 'LoginResponse' });
export const registerResponseSchema = z.object({ message: z.string(), user: profileSchema }).meta({ id: 'RegisterResponse' });
export const sessionSchema = z.object({ user: profileSchema }).meta({ id: 'Session' });

export const tenantSchema = z
  .object({ id: idNum, name: z.string(), slug: z.string(), created_at: instant, updated_at: instant })
  .meta({ id: 'Tenant' });

export const organizationSchema = z
  .object({
    id: idNum,
    tenant_id: idNum,
    type: z.enum(ORG_TYPES),
    name: z.string(),
    slug: z.string(),
    code: z.string().nullable(),
    parent_org_id: idNum.nullable(),
    parent: z.object(ref).nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Organization' });

export const partnershipSchema = z
  .object({
    id: idNum,
    tenant_id: idNum,
    school_org_id: idNum,
    bus_company_org_id: idNum,
    school_org: z.object(ref),
    bus_company: z.object(ref),
    created_at: instant,
  })
  .meta({ id: 'Partnership' });

const bookingPoint = z.object({ location: z.string(), address: z.string().nullable(), time: z.string() });

export const bookingSchema = z
  .object({
    id: idNum,
    tenant_id: idNum,
    school_org_id: idNum.nullable(),
    school_org: z.object(ref).nullable(),
    title: z.string().nullable(),
    purpose: z.string().nullable(),
    date_start: day,
    date_end: day,
    start_time: z.string(),
    end_time: z.string(),
    duration_minutes: z.number().int().nullable(),
    passengers_students: count,
    passengers_adults: count,
    pickup_points: z.array(bookingPoint),
    dropoff_points: z.array(bookingPoint),
    buses_requested: z.number().int().nullable(),
    bus_type: z.string().nullable(),
    notes: z.string().nullable(),
    status: z.enum(BOOKING_STATUSES),
    created_by: z.string(),
    created_by_email: z.string(),
    created_by_id: idNum.nullable(),
    created_at: instant,
    updated_at: instant,
  })
  .meta({ id: 'Booking' });

const permissionSet = z.object(
  Object.fromEntries(PERMISSION_KEYS.map((k) => [k, z.boolean()])) as Record<(typeof PERMISSION_KEYS)[number], z.ZodBoolean>,
);

export const permissionMatrixSchema = z
  .object({ roles: z.record(z.string(), permissionSet), updated_at: instant.nullable() })
  .meta({ id: 'PermissionMatrix' });

const tripStatus = z.enum(TRIP_STATUSES);

const busAssignment = z
  .object({
    busType: z.enum(BUS_TYPES),
    busSeats: z.number().int(),
    tripPrice: z.number().nullable().optional(),
    driverName: z.string().nullable().optional(),
    driverPhone: z.string().nullable().optional(),
    status: tripStatus.nullable().optional(),
    busId: idNum.nullable().optional(),
    busName: z.string().nullable().optional(),
    busPlate: z.string().nullable().optional(),
    driverId: idNum.nullable().optional(),
  })
  .meta({ id: 'BusAssignment' });

export const tripSchema = z
  .object({
    id: idNum,
    tenantId: idNum,
    tripType: z.enum(TRIP_TYPES),
    customType: z.string().nullable(),
    origin: z.string().nullable(),
    destination: z.string(),
    date: day,
    departureDate: day,
    departureTime: z.string(),
    returnDate: day,
    returnTime: z.string(),
    students: count,
    staff: count.nullable(),
    notes: z.string().nullable(),
    boosterSeatsRequested: z.boolean(),
    boosterSeatCount: count,
    createdBy: z.string(),
    createdByEmail: z.string(),
    createdById: idNum.nullable(),
    budgetCode: z.string().nullable(),
    distanceKm: z.number().int().min(1).nullable(),
    estimate: tripEstimateSchema.nullable(),
    cancellationFee: cancellationFeeSchema.nullable(),
    status: tripStatus,
    statusBeforeCancelRequest: tripStatus.nullable(),
    busInfo: z.object({ busType: z.string().nullable(), seats: z.number().int().nullable() }).nullable(),
    driverInfo: z.object({ name: z.string().nullable(), mobile: z.string().nullable() }).nullable(),
    price: z.number(),
    paid: z.boolean(),
    editRequest: z.boolean(),
    cancelRequest: z.boolean(),
    buses: z.array(busAssignment),
    deleted: z.boolean(),
    seriesId: z.string().nullable(),
    version: z.number().int(),
    schoolOrgId: idNum,
    schoolName: z.string(),
    busCompanyOrgId: idNum.nullable(),
    busCompanyName: z.string().nullable(),
    createdAt: instant,
    updatedAt: instant,
    clashes: z.array(z.object({ tripId: idNum, resource: z.enum(['bus', 'driver']), resourceId: idNum, resourceName: z.string() })),
    needsBus: z.boolean(),
    outOfService: z.array(z.object({ resource: z.enum(['bus', 'driver']), resourceId: idNum, resourceName: z.string() })),
    requestedChanges: z.array(z.object({ field: z.string(), label: z.string(), from: z.string(), to: z.string() })),
    progress: z.array(busProgressSchema),
    departureCount: z.object({ counted: count, listed: count }).nullable(),
  })
  .meta({ id: 'Trip' });

export const tripConflictSchema = z
  .object({ message: z.string(), trip: tripSchema })
  .meta({ id: 'TripConflict', description: 'PATCH /trips/{id} sent a stale version: why, and the trip as it now is.' });

export const tripPageSchema = z
  .object({ trips: z.array(tripSchema), total: count, page: idNum, pageSize: idNum, pageCount: count })
  .meta({ id: 'TripPage' });

export const tripStatsSchema = z
  .object({ total: count, upcoming: count, pending: count, cancelled: count, upcomingTrips: z.array(tripSchema) })
  .meta({ id: 'TripStats' });

export const tripTotalsSchema = z
  .object({ count, paidCount: count, paidRevenue: z.number(), awaitingPayment: z.number() })
  .meta({ id: 'TripTotals' });

export const seriesCancelSchema = z
  .object({ trips: z.array(tripSchema), canceled: z.array(z.number().int()), requested: z.array(z.number().int()) })
  .meta({
    id: 'SeriesCancel',
    description: 'The weeks from the one named on, as they now are, and which the call cancelled or asked to cancel.',
  });

export const seriesAcceptSchema = z
  .object({ trips: z.array(tripSchema), accepted: z.array(z.number().int()) })
  .meta({ id: 'SeriesAccept', description: 'The weeks from the one named on, as they now are, and which the call accepted.' });

export const seriesAssignSchema = z
  .object({
    trips: z.array(tripSchema),
    assigned: z.array(z.number().int()),
    refused: z.array(z.object({ tripId: z.number().int(), message: z.string() })),
  })
  .meta({
    id: 'SeriesAssign',
    description: 'The weeks from the one named on, as they now are; which took the buses, and which were refused them and why.',
  });

export const seriesRejectSchema = z
  .object({ trips: z.array(tripSchema), rejected: z.array(z.number().int()) })
  .meta({ id: 'SeriesReject', description: 'The weeks from the one named on, as they now are, and which the call rejected.' });

export const seriesEditSchema = z
  .object({
    trips: z.array(tripSchema),
    changed: z.array(z.number().int()),
    requested: z.array(z.number().int()),
    held: z.array(z.number().int()),
  })
  .meta({
    id: 'SeriesEdit',
    description:
      'The weeks from the one named on, as they now are; which the call changed, which it sent to their bus company as an edit request, and whose change waits for the school’s approval.',
  });

export const subtripSchema = z
  .object({
    id: idNum,
    tripId: idNum,
    buses: z.array(busAssignment),
    createdBy: z.string(),
    createdById: idNum.nullable(),
    createdAt: instant,
  })
  .meta({ id: 'Subtrip' });

export const passengerSchema = z
  .object({
    id: idNum,
    tripId: idNum,
    fullName: z.string(),
    guardianName: z.string().nullable(),
    guardianPhone: z.string().nullable(),
    pickupPoint: z.string().nullable(),
    dropoffPoint: z.string().nullable(),
    notes: z.string().nullable(),
    checkedIn: z.boolean(),
    createdAt: instant,
  })
  .meta({ id: 'Passenger' });

export const tripHistorySchema = z
  .object({
    id: idNum,
    tripId: idNum,
    action: z.enum([...TRIP_ACTIONS, 'recordSubtrip', 'submitChange', 'approveChange', 'requestChangesToChange', 'denyChange', 'withdraw']),
    fromStatus: tripStatus.nullable(),
    toStatus: tripStatus.nullable(),
    fields: z.array(z.string()),
    by: z.object({ id: idNum.nullable(), name: z.string() }),
    at: instant,
    note: z.string().optional(),
  })
  .meta({ id: 'TripHistory' });

const fleetCompany = z.object({ id: idNum, tenantId: idNum, name: z.string() }).meta({ id: 'FleetCompany' });

export const busSchema = z
  .object({
    id: idNum,
    tenantId: idNum,
    companyId: idNum,
    companyName: z.string(),
    name: z.string(),
    plate: z.string().nullable(),
    busType: z.enum(BUS_TYPES),
    seats: z.number().int(),
    boosterSeats: count,
    active: z.boolean(),
    version: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
  })
  .meta({ id: 'Bus' });

export const driverSchema = z
  .object({
    id: idNum,
    tenantId: idNum,
    companyId: idNum,
    companyName: z.string(),
    name: z.string(),
    mobile: z.string(),
    licenceExpiry: day,
    licenceStatus: z.enum(['valid', 'expiresSoon', 'expired']),
    active: z.boolean(),
    version: z.number().int(),
    createdAt: instant,
    updatedAt: instant,
    account: z.object({ email: z.string() }).nullable(),
    inviteExpiresAt: instant.nullable(),
  })
  .meta({ id: 'Driver' });

export const driverInviteSchema = z
  .object({
    driverId: idNum,
    driverName: z.string(),
    url: z.string(),
    expiresAt: instant,
    email: z.string().nullable(),
    emailed: z.boolean(),
  })
  .meta({ id: 'DriverInvite', description: 'A one-time sign-up link for a driver: the earlier open one stops working.' });

export const driverInviteInfoSchema = z
  .object({ driverName: z.string(), companyName: z.string(), email: z.string().nullable(), expiresAt: instant })
  .meta({ id: 'DriverInviteInfo' });

export const busStaleSchema = z
  .object({ message: z.string(), current: busSchema })
  .meta({ id: 'BusStale', description: 'A PATCH sent a stale version: why, and the bus as it now is.' });
export const driverStaleSchema = z
  .object({ message: z.string(), current: driverSchema })
  .meta({ id: 'DriverStale', description: 'A PATCH sent a stale version: why, and the driver as it now is.' });

export const fleetConflictSchema = z
  .object({
    message: z.string(),
    conflicts: z.array(
      z.object({
        tripId: idNum,
        resource: z.enum(['bus', 'driver']),
        resourceId: idNum,
        resourceName: z.string(),
        destination: z.string(),
        status: tripStatus,
        departureDate: day,
        departureTime: z.string(),
        returnDate: day,
        returnTime: z.string(),
      }),
    ),
  })
  .meta({ id: 'FleetConflict', description: 'A bus or driver asked for is already on an overlapping trip; every clash is listed.' });

export const notificationSchema = z
  .object({
    id: idNum,
    kind: z.enum(['needsBus', 'late', 'departureCount']),
    title: z.string(),
    message: z.string(),
    lateKind: z.enum(LATE_KINDS).optional(),
    driverId: idNum.optional(),
    tripId: idNum,
    tenantId: idNum,
    companyId: idNum.nullable(),
    destination: z.string(),
    schoolName: z.string(),
    departureDate: day,
    departureTime: z.string(),
    raisedAt: instant,
  })
  .meta({ id: 'Notification' });

export const dispatchBoardSchema = z
  .object({
    from: day,
    to: day,
    today: day,
    needsBusDays: count,
    company: fleetCompany.nullable(),
    companies: z.array(fleetCompany),
    buses: z.array(busSchema),
    drivers: z.array(driverSchema),
    trips: z.array(tripSchema),
    needsBus: z.array(tripSchema),
    requests: z.array(tripSchema),
    partnerSchoolIds: z.array(z.number().int()),
  })
  .meta({ id: 'DispatchBoard' });

export const healthSchema = z
  .object({
    status: z.enum(['ok', 'degraded']),
    database: z.enum(['up', 'down']),
    databaseDriver: z.enum(['postgres', 'pglite']),
    adapter: z.enum(['memory', 'redis']),
    redis: z.enum(['disabled', 'up', 'down']),
  })
  .meta({ id: 'Health' });

// ------------------------------------------------------------------------------------------------
// Each schema describes exactly its wire type: both are assignable to each other, or this does not compile.

type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
type Checked<S extends z.ZodType, T> = Same<z.output<S>, T>;

// never read: it exists for the compile-time checks in its values
const _matches: Record<string, true> = {
  profile: true satisfies Checked<typeof profileSchema, ProfileDto>,
  login: true satisfies Checked<typeof loginResponseSchema, LoginResponse>,
  tenant: true satisfies Checked<typeof tenantSchema, TenantDto>,
  organization: true satisfies Checked<typeof organizationSchema, OrganizationDto>,
  partnership: true satisfies Checked<typeof partnershipSchema, PartnershipDto>,
  booking: true satisfies Checked<typeof bookingSchema, BookingDto>,
  permissions: true satisfies Checked<typeof permissionMatrixSchema, PermissionMatrixDto>,
  trip: true satisfies Checked<typeof tripSchema, TripDto>,
  tripConflict: true satisfies Checked<typeof tripConflictSchema, TripConflictBody>,
  tripPage: true satisfies Checked<typeof tripPageSchema, TripPage>,
  tripStats: true satisfies Checked<typeof tripStatsSchema, TripStats>,
  tripTotals: true satisfies Checked<typeof tripTotalsSchema, TripTotals>,
  subtrip: true satisfies Checked<typeof subtripSchema, SubtripDto>,
  seriesCancel: true satisfies Checked<typeof seriesCancelSchema, SeriesCancelDto>,
  seriesEdit: true satisfies Checked<typeof seriesEditSchema, SeriesEditDto>,
  seriesAccept: true satisfies Checked<typeof seriesAcceptSchema, SeriesAcceptDto>,
  seriesAssign: true satisfies Checked<typeof seriesAssignSchema, SeriesAssignDto>,
  seriesReject: true satisfies Checked<typeof seriesRejectSchema, SeriesRejectDto>,
  passenger: true satisfies Checked<typeof passengerSchema, PassengerDto>,
  history: true satisfies Checked<typeof tripHistorySchema, TripHistoryDto>,
  company: true satisfies Checked<typeof fleetCompany, FleetCompanyDto>,
  bus: true satisfies Checked<typeof busSchema, BusDto>,
  driver: true satisfies Checked<typeof driverSchema, DriverDto>,
  busStale: true satisfies Checked<typeof busStaleSchema, FleetStaleBody<BusDto>>,
  driverStale: true satisfies Checked<typeof driverStaleSchema, FleetStaleBody<DriverDto>>,
  driverInvite: true satisfies Checked<typeof driverInviteSchema, DriverInviteDto>,
  driverInviteInfo: true satisfies Checked<typeof driverInviteInfoSchema, DriverInviteInfoDto>,
  fleetConflict: true satisfies Checked<typeof fleetConflictSchema, FleetConflictBody>,
  notification: true satisfies Checked<typeof notificationSchema, NotificationDto>,
  board: true satisfies Checked<typeof dispatchBoardSchema, DispatchBoardDto>,
  health: true satisfies Checked<typeof healthSchema, HealthDto>,
};
