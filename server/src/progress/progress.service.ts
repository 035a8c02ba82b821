import { ConflictException, Injectable, NotFoundException } from '@nestjs/common';
import type { EntityManager } from 'typeorm';
import type { AuthUser } from '../common/auth-user';
import type { DriverAssignmentDto } from '../contracts/driver-wire';
import { everyBusReturned, stepProblem, undoProblem } from '../contracts/progress-rules';
import { TripMessages } from '../contracts/trip-messages';
import type { TripDto } from '../contracts/trip-wire';
import { UnitOfWork, type Work } from '../database/unit-of-work';
import { TripFleet } from '../fleet/trip-fleet.service';
import { DriverDay } from './driver-day.service';
import { completeTrip, driverSteps, findStep, insertStep, lockTrip, undoStep } from './progress-write.repository';
import type { DriverFacts } from './progress.mapper';
import type { StepInput } from './progress.schemas';

export const ProgressMessages = {
  stepIdTaken: 'This step id was already used for another step: the device must make a new one.',
  stepNotFound: 'No such step among yours.',
  everyBusReturned: 'Every bus has returned.',
} as const;

/**
 * The steps drivers tap on the day of travel (docs/domain.md, "The day of travel"). Each runs in one unit of work under
 * the trip's row lock, so two taps of one trip (two buses, or a tap and its retry) never interleave; what changed goes
 * out after the commit as `trip.updated`, so boards and the school's trip follow live.
 */
@Injectable()
export class ProgressService {
  constructor(
    private readonly unitOfWork: UnitOfWork,
    private readonly tripFleet: TripFleet,
    private readonly day: DriverDay,
  ) {}

  /**
   * POST /driver/steps. A step id already stored is answered with the assignment as it now is and records nothing (a
   * retry, an offline queue sending again): `created` false. Otherwise the rules decide (409 with their words), the step
   * is stored, and a Returned that brings the last bus back completes the trip.
   */
  async record(caller: AuthUser, body: StepInput): Promise<{ assignment: DriverAssignmentDto; created: boolean }> {
    return this.unitOfWork.run(async (work) => {
      const { tx } = work;
      const driver = await this.day.driverOf(tx, caller);
      const trip = await this.lockOwnTrip(tx, driver, body.tripId);
      const known = await findStep(tx, body.id);
      if (known) {
        if (known.driverId !== driver.id || known.tripId !== trip.id) throw new ConflictException(ProgressMessages.stepIdTaken);
        const [current] = await this.tripFleet.decorate(tx, [trip]);
        return { assignment: await this.day.assignment(tx, driver.id, current), created: false };
      }
      const done = (await driverSteps(tx, trip.id, driver.id)).filter((s) => !s.undone).map((s) => s.step);
      const problem = stepProblem({ done, step: body.step, passengers: body.passengers, trip, now: this.tripFleet.now() });
      if (problem) throw new ConflictException(problem);
      const stored = await insertStep(tx, {
        id: body.id,
        tenantId: trip.tenantId,
        tripId: trip.id,
        driverId: driver.id,
        step: body.step,
        // Only a departure counts passengers.
        passengers: body.step === 'departed' ? (body.passengers ?? null) : null,
        note: body.note ?? null,
        at: body.at,
        actor: { id: caller.id, name: caller.name },
      });
      // Another request took the id between the look and the insert (a tap of another trip: another lock).
      if (!stored) throw new ConflictException(ProgressMessages.stepIdTaken);
      const after = await this.settle(work, caller, trip);
      return { assignment: await this.day.assignment(tx, driver.id, after), created: true };
    });
  }

  /** POST /driver/steps/{id}/undo: takes back the driver's latest step within the undo window (undoProblem). */
  async undo(caller: AuthUser, stepId: string): Promise<DriverAssignmentDto> {
    return this.unitOfWork.run(async (work) => {
      const { tx } = work;
      const driver = await this.day.driverOf(tx, caller);
      const found = await findStep(tx, stepId);
      if (!found || found.driverId !== driver.id) throw new NotFoundException(ProgressMessages.stepNotFound);
      const trip = await this.lockOwnTrip(tx, driver, found.tripId);
      // Read again under the trip's lock: an undo sent twice at once finds it undone the second time.
      const step = (await findStep(tx, stepId))!;
      const steps = await driverSteps(tx, trip.id, driver.id);
      const latest = steps.filter((s) => !s.undone).at(-1);
      const problem = undoProblem(
        {
          receivedAt: new Date(step.receivedAt).getTime(),
          undone: step.undoneAt !== null,
          latest: latest?.id === step.id,
          tripStatus: trip.status,
        },
        // The database's clock received it, so the database's clock measures the window.
        await databaseNow(tx),
      );
      if (problem) throw new ConflictException(problem);
      await undoStep(tx, step.id);
      const after = await this.settle(work, caller, trip);
      return this.day.assignment(tx, driver.id, after);
    });
  }

  /**
   * Locks the trip of a step the driver sends, if their company assigned it to them (its buses name their fleet driver);
   * any other trip, another driver's or a missing one, is 404 alike.
   */
  private async lockOwnTrip(tx: EntityManager, driver: DriverFacts, tripId: number): Promise<TripDto> {
    const trip = await lockTrip(tx, tripId);
    const theirs =
      trip !== null &&
      trip.tenantId === driver.tenantId &&
      trip.busCompanyOrgId === driver.companyOrgId &&
      trip.buses.some((b) => b.driverId === driver.id);
    if (!theirs) throw new NotFoundException(TripMessages.tripNotFound);
    return trip;
  }

  /**
   * After a step changed: the trip's progress read again, the trip completed when every bus has returned (history says
   * why, by the driver), and the trip announced as it now is, by the driver.
   */
  private async settle({ tx, publish }: Work, caller: AuthUser, trip: TripDto): Promise<TripDto> {
    let [after] = await this.tripFleet.decorate(tx, [trip]);
    const completes = everyBusReturned(after, after.progress);
    if (completes) {
      const completed = await completeTrip(tx, after, caller, ProgressMessages.everyBusReturned);
      [after] = await this.tripFleet.decorate(tx, [completed]);
    }
    const by = { id: caller.id, name: caller.name };
    // `previous`: the completion is a move of status, which the bell words by what it came from.
    const previous = { schoolOrgId: trip.schoolOrgId, busCompanyOrgId: trip.busCompanyOrgId, status: trip.status };
    publish('trip.updated', { trip: after, status: after.status, tenantId: after.tenantId, by, previous, driverStep: !completes });
    return after;
  }
}

/** The database's clock now (ms), the one `received_at` was stamped with. */
async function databaseNow(tx: EntityManager): Promise<number> {
  const [{ now }] = await tx.query<{ now: Date | string }[]>('SELECT clock_timestamp() AS now');
  return new Date(now).getTime();
}
