import { ApprovalPolicy } from '../approvals/approval-policy.entity';
import { TripApproval } from '../approvals/trip-approval.entity';
import { Invoice, InvoiceCounter, InvoicePayment } from '../invoices/invoice.entity';
import { RevokedToken } from '../auth/revoked-token.entity';
import { Booking } from '../bookings/booking.entity';
import { FleetBus } from '../fleet/bus.entity';
import { FleetDriver } from '../fleet/driver.entity';
import { DriverInvite } from '../fleet/driver-invite.entity';
import { FleetAssignment } from '../fleet/fleet-assignment.entity';
import { TripAlert } from '../fleet/trip-alert.entity';
import { OutboxMessage } from '../notices/outbox-message.entity';
import { PermissionMatrix } from '../permissions/permission-matrix.entity';
import { ProgressAlert } from '../progress/progress-alert.entity';
import { TripProgressStep } from '../progress/trip-progress-step.entity';
import { RateCard } from '../rates/rate-card.entity';
import { LiveSeq } from '../realtime/live-seq.entity';
import { Organization } from '../tenancy/organization.entity';
import { Partnership } from '../tenancy/partnership.entity';
import { Tenant } from '../tenancy/tenant.entity';
import { Passenger } from '../trips/passenger.entity';
import { Subtrip } from '../trips/subtrip.entity';
import { TripHistory } from '../trips/trip-history.entity';
import { Trip } from '../trips/trip.entity';
import { User } from '../users/user.entity';

/** Every entity, registered once for both drivers. */
export const ENTITIES = [
  Tenant,
  Organization,
  Partnership,
  User,
  RevokedToken,
  Booking,
  PermissionMatrix,
  Trip,
  Subtrip,
  Passenger,
  TripHistory,
  LiveSeq,
  FleetBus,
  FleetDriver,
  FleetAssignment,
  TripAlert,
  DriverInvite,
  TripProgressStep,
  ProgressAlert,
  OutboxMessage,
  RateCard,
  ApprovalPolicy,
  TripApproval,
  Invoice,
  InvoiceCounter,
  InvoicePayment,
];
