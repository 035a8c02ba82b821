import type { BookingDto } from '../contracts/bookings';
import type { Booking } from './booking.entity';

/** A booking as the list sends it, in snake_case, with the form's other fields for the details. Needs `schoolOrg` loaded. */
export function toBookingDto(b: Booking): BookingDto {
  return {
    id: b.id,
    tenant_id: b.tenantId,
    school_org_id: b.schoolOrgId,
    school_org: b.schoolOrgId !== null && b.schoolOrg ? { id: b.schoolOrg.id, name: b.schoolOrg.name } : null,
    title: b.title,
    purpose: b.purpose,
    date_start: b.date,
    date_end: b.endDate,
    start_time: b.startTime,
    end_time: b.endTime,
    duration_minutes: b.durationMinutes,
    passengers_students: b.students,
    passengers_adults: b.adults,
    pickup_points: b.pickupPoints,
    dropoff_points: b.dropoffPoints,
    buses_requested: b.busesRequested,
    bus_type: b.busType,
    notes: b.notes,
    status: b.status,
    created_by: b.createdBy,
    created_by_email: b.createdByEmail,
    created_by_id: b.createdById,
    created_at: b.createdAt.toISOString(),
    updated_at: b.updatedAt.toISOString(),
  };
}
