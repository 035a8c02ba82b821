import type { DriverAssignmentDto, DriverDayDto } from '@contracts/driver-wire';
import type { ProgressStep, ProgressStepDto } from '@contracts/progress-wire';
import { makeProfile } from '../../test-utils';
import { memoryStorage, setDriverStorage } from './offline/driver-storage';
import { resetStepQueueForTest } from './offline/step-queue';

/** The school's date in the driver tests; the trips below run on it unless a test says otherwise. */
export const TODAY = '2031-03-10';

export const OMAR = { userId: 31, name: 'Omar Haddad' };
export const omarProfile = () => makeProfile('driver', { id: OMAR.userId, name: OMAR.name });

export function recorded(step: ProgressStep, overrides: Partial<ProgressStepDto> = {}): ProgressStepDto {
  return {
    id: `server-${step}`,
    step,
    at: '2031-03-10T07:00:00.000Z',
    receivedAt: '2031-03-10T07:00:01.000Z',
    passengers: null,
    note: null,
    by: { id: OMAR.userId, name: OMAR.name },
    undoneAt: null,
    ...overrides,
  };
}

export function makeAssignment(tripId: number, overrides: Partial<DriverAssignmentDto> = {}): DriverAssignmentDto {
  const steps = overrides.progress?.steps ?? [];
  return {
    tripId,
    status: 'Confirmed',
    tripType: 'Day Trip',
    origin: 'Al Noor School, Gate 2',
    destination: 'Science Discovery Centre',
    departureDate: TODAY,
    departureTime: '09:15 AM',
    returnDate: TODAY,
    returnTime: '02:30 PM',
    schoolName: 'Al Noor School',
    schoolContact: { name: 'Lina Farah', email: 'lina@alnoor.test' },
    students: 30,
    staff: 3,
    boosterSeatCount: 2,
    notes: 'Two wheelchair users: use the ramp.',
    busName: 'Bus 7',
    busPlate: 'DXB 4821',
    busType: 'White Bus',
    busSeats: 40,
    passengers: [],
    progress: {
      driverId: 4,
      driverName: OMAR.name,
      busId: 7,
      busName: 'Bus 7',
      busPlate: 'DXB 4821',
      steps,
      current: steps.filter((s) => !s.undoneAt).at(-1)?.step ?? null,
      late: null,
    },
    next: 'leftDepot',
    ...overrides,
  };
}

export function makeDay(assignments: DriverAssignmentDto[], overrides: Partial<DriverDayDto> = {}): DriverDayDto {
  return {
    driver: { id: 4, name: OMAR.name, companyName: 'Desert Star Buses' },
    today: TODAY,
    now: `${TODAY}T09:15`,
    undoSeconds: 60,
    assignments,
    ...overrides,
  };
}

/** Whether the phone says it has a signal (navigator.onLine); the `online` and `offline` events are the tests' to send. */
export function setOnline(online: boolean): void {
  Object.defineProperty(window.navigator, 'onLine', { configurable: true, get: () => online });
}

/** A fresh phone: nothing kept, nothing waiting, a signal. */
export function freshPhone(): void {
  setDriverStorage(memoryStorage());
  resetStepQueueForTest();
  setOnline(true);
}

/** What fetch does without a signal. */
export const noSignal = (): never => {
  throw new TypeError('Failed to fetch');
};
