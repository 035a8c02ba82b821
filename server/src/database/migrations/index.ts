import { Initial1795355827157 } from './1795355827157-Initial';
import { BookingsAndPermissions1795356326068 } from './1795356326068-BookingsAndPermissions';
import { Trips1795356453958 } from './1795356453958-Trips';
import { LiveSeq1795356461592 } from './1795356461592-LiveSeq';
import { Fleet1795429756577 } from './1795429756577-Fleet';
import { TripListIndexes1795430256957 } from './1795430256957-TripListIndexes';
import { SessionGeneration1795430265249 } from './1795430265249-SessionGeneration';
import { OrganizationFitsRole1795431445270 } from './1795431445270-OrganizationFitsRole';
import { EditRequestBefore1795432000000 } from './1795432000000-EditRequestBefore';
import { AssignedBusPlates1795432000001 } from './1795432000001-AssignedBusPlates';
import { DriverAccounts1795500000000 } from './1795500000000-DriverAccounts';
import { BusProgress1795500000001 } from './1795500000001-BusProgress';
import { EmailOutbox1795500000002 } from './1795500000002-EmailOutbox';
import { RateCards1795500000003 } from './1795500000003-RateCards';
import { ApprovalAtSchool1795674268016 } from './1795674268016-ApprovalAtSchool';
import { TripEstimates1795676017661 } from './1795676017661-TripEstimates';
import { CancellationFees1795677237504 } from './1795677237504-CancellationFees';
import { Invoices1795680003369 } from './1795680003369-Invoices';
import { InvoicePayments1795685878138 } from './1795685878138-InvoicePayments';
import { TripCounters1795686490116 } from './1795686490116-TripCounters';
import { SessionChanges1795690000000 } from './1795690000000-SessionChanges';
import { TripHotUpdates1795700000000 } from './1795700000000-TripHotUpdates';
import { InvoicePartPayments1795927514267 } from './1795927514267-InvoicePartPayments';
import { TripSeries1796000000000 } from './1796000000000-TripSeries';

/** Listed explicitly so the same set runs from source (tests) and from dist (production). */
export const MIGRATIONS = [
  Initial1795355827157,
  BookingsAndPermissions1795356326068,
  Trips1795356453958,
  LiveSeq1795356461592,
  Fleet1795429756577,
  TripListIndexes1795430256957,
  SessionGeneration1795430265249,
  OrganizationFitsRole1795431445270,
  EditRequestBefore1795432000000,
  AssignedBusPlates1795432000001,
  DriverAccounts1795500000000,
  BusProgress1795500000001,
  EmailOutbox1795500000002,
  RateCards1795500000003,
  ApprovalAtSchool1795674268016,
  TripEstimates1795676017661,
  CancellationFees1795677237504,
  Invoices1795680003369,
  InvoicePayments1795685878138,
  TripCounters1795686490116,
  SessionChanges1795690000000,
  TripHotUpdates1795700000000,
  InvoicePartPayments1795927514267,
  TripSeries1796000000000,
];
