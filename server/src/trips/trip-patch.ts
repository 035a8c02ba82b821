import { BadRequestException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import { TripMessages } from '../contracts/trip-messages';
import { type TripDecision } from '../contracts/trip-rules';
import { movesFromQuote, PricingMessages, tripCancellationFee } from '../contracts/pricing';
import { quoteForm } from '../rates/estimate.repository';
import { tripFormProblem } from '../contracts/trip-form-rules';
import { type BusAssignment, type TripDto, TRIP_FORM_FIELDS, type TripFormFields } from '../contracts/trip-wire';
import type { TripFleet } from '../fleet/trip-fleet.service';
import type { DistanceProvider } from '../rates/distance.provider';
import { findOrganization, partnerCompanyIds } from './repository/trip-read.repository';
import { formSnapshot } from './trip.mapper';
import type { Trip } from './trip.entity';
import type { UpdateTripBody } from './trips.schemas';

/**
 * What a PATCH writes: the column values of the actions trip-rules.ts allowed (the status each moves to and its side
 * effects, docs/domain.md "States and who moves them"), and the history fields they are expected to change.
 */

export type AllowedAction = Extract<TripDecision, { allowed: true }>;

/** What patchValues needs besides the trip and the body. */
export interface PatchContext {
  tx: EntityManager;
  caller: AuthUser;
  fleet: TripFleet;
  /** How far a trip goes, asked again when an edit changes where it goes or the distance typed. */
  distance: DistanceProvider;
}

/** The column values the allowed actions set. */
export async function patchValues(
  ctx: PatchContext,
  trip: TripDto,
  body: UpdateTripBody,
  decisions: AllowedAction[],
): Promise<Partial<Trip>> {
  const values: Partial<Trip> = {};
  for (const d of decisions) {
    switch (d.action) {
      case 'accept':
        Object.assign(values, {
          status: d.to,
          editRequest: false,
          editRequestBefore: null,
          busCompanyOrgId: await acceptingCompany(ctx, trip, body.busCompanyOrgId),
        });
        break;
      case 'reject':
      case 'complete':
        Object.assign(values, { status: d.to, editRequest: false, editRequestBefore: null });
        break;
      case 'cancel':
      case 'approveCancel': {
        // The fee counts from when the cancellation was asked for: a request's time, or now for a cancel outright.
        const asked = d.action === 'approveCancel' ? await cancelAskedAt(ctx, trip.id) : null;
        const fee = tripCancellationFee(trip, asked?.wall ?? ctx.fleet.now(), (asked?.at ?? new Date()).toISOString());
        Object.assign(values, { status: d.to, cancelRequest: false, statusBeforeCancelRequest: null, cancellationFee: fee });
        break;
      }
      case 'declineCancel':
        // Declining a cancellation returns the trip to the status it held before the request.
        Object.assign(values, {
          status: d.to,
          cancelRequest: false,
          statusBeforeCancelRequest: null,
          cancelRequestedWall: null,
          cancelRequestedAt: null,
        });
        break;
      case 'requestCancel':
        Object.assign(values, {
          status: d.to,
          cancelRequest: true,
          statusBeforeCancelRequest: trip.status,
          cancelRequestedWall: ctx.fleet.now(),
          cancelRequestedAt: new Date(),
        });
        break;
      case 'assignBuses': {
        // Fleet buses and drivers are checked (company, active, licence, seats, clashes) under lock.
        const buses = body.buses?.length ? await ctx.fleet.checkAssignment(ctx.tx, trip, body.buses) : body.buses;
        Object.assign(values, { status: d.to, ...assignment(trip, { ...body, buses }) });
        // A total far from the quote the school saw needs a word on why (kept in the trip's history).
        const quote = trip.estimate?.quote.total;
        if (quote !== undefined && !body.priceReason) {
          // Buses without prices leave the trip's price as it was (nothing yet: far from any quote).
          const total = values.price !== undefined ? Number(values.price) : trip.price;
          if (movesFromQuote(Math.round(total * 100), quote)) {
            throw new BadRequestException(PricingMessages.priceReasonRequired);
          }
        }
        break;
      }
      case 'edit': {
        const fields = editedFields(trip, body);
        // Where it goes changed, or the distance typed: the provider answers the distance again (the manual one, what
        // was typed, so a new destination is a distance the editor gives; the form asks for it).
        if (fields.distanceKm !== trip.distanceKm || fields.destination !== trip.destination || fields.origin !== trip.origin) {
          fields.distanceKm = await ctx.distance.distanceKm({
            schoolOrgId: trip.schoolOrgId,
            origin: fields.origin,
            destination: fields.destination,
            typedKm: fields.distanceKm,
          });
        }
        Object.assign(values, fields);
        // Quoted again when what it costs may change (its times, passengers or distance); no distance, no estimate.
        if (quotedFieldsChange(trip, fields)) values.estimate = await quoteForm(ctx.tx, trip.schoolOrgId, fields);
        // School staff editing a Confirmed trip send an edit request. The fields as they were are kept (from the first
        // change of a request) so the company reads what changed.
        if (d.editRequest) Object.assign(values, { status: d.to, editRequest: true, editRequestBefore: formSnapshot(trip) });
        break;
      }
      case 'delete':
        values.deleted = true;
        break;
      case 'resubmit':
        values.status = d.to;
        break;
      case 'markPaid':
        values.paid = body.paid;
        break;
      // The approvers' decisions have their own call (approvals/approvals.service.ts), never a PATCH.
      case 'approve':
      case 'requestChanges':
      case 'deny':
      case 'request':
      case 'addPassengers':
        break;
    }
  }
  return values;
}

/**
 * The wire fields `values` should change, in changedTripFields' order (the trip's): a guess made before the write so
 * the history row can go with it; the trip as written has the last word.
 */
export function predictedFields(before: TripDto, values: Partial<Trip>): string[] {
  const set = values as Record<string, unknown>;
  return (Object.keys(before) as (keyof TripDto)[]).filter((k) => {
    if (!(k in set) || set[k] === undefined || k === 'version' || k === 'updatedAt') return false;
    const value = k === 'price' ? Number(set[k]) : set[k];
    return JSON.stringify(before[k]) !== JSON.stringify(value);
  });
}

/** The fields a quote depends on: the times, the passengers and the distance. */
const QUOTED_FIELDS = ['departureDate', 'departureTime', 'returnDate', 'returnTime', 'students', 'staff', 'distanceKm'] as const;

function quotedFieldsChange(trip: TripDto, fields: TripFormFields): boolean {
  return QUOTED_FIELDS.some((f) => fields[f] !== trip[f]);
}

/** When the trip's pending cancellation was asked for, as requestCancel recorded it; null when it was not recorded. */
async function cancelAskedAt({ tx }: PatchContext, tripId: number): Promise<{ wall: string; at: Date } | null> {
  const [row] = await tx.query<{ wall: string | null; at: Date | string | null }[]>(
    'SELECT cancel_requested_wall AS wall, cancel_requested_at AS at FROM trips WHERE id = $1',
    [tripId],
  );
  return row?.wall && row.at ? { wall: row.wall, at: new Date(row.at) } : null;
}

/** A company accepting takes the trip; an admin names the company, by default the school's only partner. */
async function acceptingCompany({ tx, caller }: PatchContext, trip: TripDto, named: number | undefined): Promise<number> {
  if (caller.role === 'bus_company' && caller.activeOrgId !== null) return caller.activeOrgId;
  if (named !== undefined) {
    const company = await findOrganization(tx, named);
    if (!company || company.type !== 'bus_company' || company.tenantId !== trip.tenantId) {
      throw new BadRequestException(TripMessages.busCompanyNotInTenant);
    }
    return company.id;
  }
  if (trip.busCompanyOrgId !== null) return trip.busCompanyOrgId;
  const partners = await partnerCompanyIds(tx, trip.schoolOrgId, 2);
  if (partners.length !== 1) throw new BadRequestException(TripMessages.busCompanyRequired);
  return partners[0];
}

/** Assign Bus: the buses, and the summary fields (busInfo, driverInfo, price) that follow from them unless sent. */
function assignment(trip: TripDto, body: UpdateTripBody): Partial<Trip> {
  const buses = body.buses ?? trip.buses;
  if (buses.length === 0) throw new BadRequestException(TripMessages.atLeastOneBus);
  const values: Partial<Trip> = { buses };
  const fresh = body.buses !== undefined;
  if (body.busInfo !== undefined) values.busInfo = body.busInfo;
  else if (fresh) {
    values.busInfo = { busType: [...new Set(buses.map((b) => b.busType))].join(', '), seats: buses.reduce((n, b) => n + b.busSeats, 0) };
  }
  if (body.driverInfo !== undefined) values.driverInfo = body.driverInfo;
  else if (fresh) values.driverInfo = firstDriver(buses);
  if (body.price !== undefined) values.price = body.price.toFixed(2);
  else if (fresh && buses.some((b) => b.tripPrice != null)) values.price = buses.reduce((n, b) => n + (b.tripPrice ?? 0), 0).toFixed(2);
  return values;
}

function firstDriver(buses: BusAssignment[]): { name: string | null; mobile: string | null } | null {
  const bus = buses.find((b) => b.driverName || b.driverPhone);
  return bus ? { name: bus.driverName ?? null, mobile: bus.driverPhone ?? null } : null;
}

/** The form fields a null in the body sets (cleared); in the others a null keeps the trip's value. */
const CLEARABLE = new Set<keyof TripFormFields>(['customType', 'origin', 'staff', 'notes', 'distanceKm']);

/** The form fields of an edit, checked together with the fields they do not change (the request form's rules). */
function editedFields(trip: TripDto, body: UpdateTripBody): TripFormFields {
  const merged = Object.fromEntries(
    TRIP_FORM_FIELDS.map((f) => {
      const sent = body[f];
      return [f, sent === undefined || (sent === null && !CLEARABLE.has(f)) ? trip[f] : sent];
    }),
  ) as unknown as TripFormFields;
  const problem = tripFormProblem(merged);
  if (problem) throw new BadRequestException(problem);
  // The booster seat count is kept only when booster seats are requested.
  if (!merged.boosterSeatsRequested) merged.boosterSeatCount = 0;
  return merged;
}
