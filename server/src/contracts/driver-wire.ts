/**
 * Wire types of the day of travel (docs/domain.md, "Drivers" and "The day of travel"): a bus's progress as every
 * console sees it on a trip, the driver's own day, the steps a driver sends, and the invitation that makes a fleet
 * driver a user. Shared by the server and the client.
 */
import type { BusProgressDto, ProgressStep } from './progress-wire';
import type { TripStatus, TripType } from './trip-wire';

/** What a driver's phone shows of one of their assignments: the trip as the bus needs it, and the bus's progress. */
export interface DriverAssignmentDto {
  tripId: number;
  status: TripStatus;
  tripType: TripType;
  origin: string;
  destination: string;
  departureDate: string;
  departureTime: string;
  returnDate: string;
  returnTime: string;
  schoolName: string;
  /** The requester: whom the driver calls at the school. */
  schoolContact: { name: string; email: string };
  students: number;
  staff: number | null;
  boosterSeatCount: number;
  notes: string | null;
  busName: string | null;
  busPlate: string | null;
  busType: string;
  busSeats: number;
  /** The school's passenger list (names and where they get on and off). */
  passengers: DriverPassengerDto[];
  progress: BusProgressDto;
  /** The step the big button offers now (nextStep of the rules); null once back, or when the trip no longer runs. */
  next: ProgressStep | null;
}

export interface DriverPassengerDto {
  fullName: string;
  pickupPoint: string | null;
  dropoffPoint: string | null;
  notes: string | null;
}

/** GET /driver/today: the driver's assignments from today through the next 7 days, by departure. */
export interface DriverDayDto {
  driver: { id: number; name: string; companyName: string };
  /** The school's calendar date and wall-clock time now (`YYYY-MM-DD`, `YYYY-MM-DDTHH:mm`). */
  today: string;
  now: string;
  undoSeconds: number;
  assignments: DriverAssignmentDto[];
}

/** POST /driver/steps: a tap, with the id the device made and the device's time. */
export interface StepBody {
  id: string;
  tripId: number;
  step: ProgressStep;
  /** ISO 8601, the device's clock at the tap. */
  at: string;
  passengers?: number | null;
  note?: string | null;
}

/** POST /fleet/drivers/{id}/invite: a new one-time sign-up link for a fleet driver (the previous one stops working). */
export interface DriverInviteBody {
  /** Where to e-mail the link, and the e-mail the account will sign in with (the driver may change it). */
  email?: string | null;
}

export interface DriverInviteDto {
  driverId: number;
  driverName: string;
  /** The sign-up page with the one-time token, to copy or show as a QR code. */
  url: string;
  expiresAt: string;
  email: string | null;
  /** The link went out by e-mail too. */
  emailed: boolean;
}

/** GET /driver-invites/{token} (no sign-in): whose invitation this is. */
export interface DriverInviteInfoDto {
  driverName: string;
  companyName: string;
  email: string | null;
  expiresAt: string;
}

/** POST /driver-invites/{token} (no sign-in): makes the driver's account; answers like POST /auth/login. */
export interface DriverSignUpBody {
  email: string;
  password: string;
}
