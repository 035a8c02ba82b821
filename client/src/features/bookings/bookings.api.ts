import type { BookingDto, BookingPoint, BookingStatusChange } from '@contracts/bookings';
import { http, type QueryParams } from '../../api/http';
import { useQuery } from '../../api/query-cache';
import { queryKeys } from '../../api/query-keys';

/** What the booking form sends to POST /bookings (schoolOrgId / tenant_id: an admin may book for a school, a platform admin for a school of a tenant). */
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
  // an answer that is not a list is read as no bookings
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
