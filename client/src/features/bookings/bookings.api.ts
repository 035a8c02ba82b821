import type { BookingDto, BookingPoint, BookingStatusChange } from '@contracts/bookings';
import { http, type QueryParams } from '../../api/http';
import { useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';

/** spec §3 Booking form payload (schoolOrgId / tenant_id: DESIGN lets an admin book for a school of a tenant). */
export interface BookingPayload {
  title: string | null;
  purpose: string | null;
  date: string;
  startTime: string;
  endDate: string;
  endTime: string;
  durationMinutes: number | null;
  students: number;
  adults: number;
  pickupPoints: BookingPoint[];
  dropoffPoints: BookingPoint[];
  busesRequested: number | null;
  busType: string | null;
  notes: string | null;
  createdBy: string;
  createdByEmail: string;
  createdById: number;
  status: 'Requested';
  schoolOrgId?: number;
  tenant_id?: number;
}

export const bookingsApi = {
  // spec §7: a non-list answer is treated as empty
  list: async (query?: QueryParams) => {
    const answer = await http.get<unknown>('/bookings', query);
    return Array.isArray(answer) ? (answer as BookingDto[]) : [];
  },
  create: (payload: BookingPayload) => http.post<BookingDto>('/bookings', payload),
  setStatus: (id: number, status: BookingStatusChange) => http.patch<BookingDto>(`/bookings/${id}`, { status }),
};

export function useBookings() {
  return useQuery(queryKeys.bookings, () => bookingsApi.list());
}
