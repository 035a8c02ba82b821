import type { DriverAssignmentDto, DriverDayDto, StepBody } from '@contracts/driver-wire';
import { ApiError, getToken, http } from '../../api/http';
import { getQueryData, setQueryData, useQuery } from '../../api/query-cache';
import { driverStorage, sessionMark } from './offline/driver-storage';

/** The driver's own routes (docs/domain.md, "The day of travel"). */
export const driverApi = {
  today: () => http.get<DriverDayDto>('/driver/today'),
  /** 201 the first time, 200 with the same answer when the same tap (its id) comes again. */
  step: (body: StepBody) => http.post<DriverAssignmentDto>('/driver/steps', body),
  undo: (id: string) => http.post<DriverAssignmentDto>(`/driver/steps/${encodeURIComponent(id)}/undo`),
};

/** Whose day the page shows: the signed-in driver, or without a signal the one last signed in on this phone. */
export interface DriverIdentity {
  userId: number;
  name: string;
}

/** The day on screen, and when it was read if it is the phone's kept copy (null: just answered by the server). */
export interface ShownDay {
  day: DriverDayDto;
  keptAt: string | null;
  /** When the server gave this day (`Date.now()` on the phone): its `now` plus the time since is the school's clock. */
  readAt: number;
}

export const driverDayKey = (userId: number) => ['driver', 'today', userId] as const;

/** Keeping a copy must never cost the driver the day on screen (a full or private-mode storage). */
async function keep(task: () => Promise<void>): Promise<void> {
  try {
    await task();
  } catch {
    // the page works on without its offline copy
  }
}

/** The server's day, kept on the phone; without an answer (no signal), the kept one. A refusal is shown as such. */
async function loadDay(driver: DriverIdentity): Promise<ShownDay> {
  const storage = driverStorage();
  try {
    const day = await driverApi.today();
    await keep(() => storage.writeDay(driver.userId, { day, savedAt: new Date().toISOString() }));
    const token = getToken();
    if (token) await keep(() => storage.writeDriver({ ...driver, session: sessionMark(token) }));
    return { day, keptAt: null, readAt: Date.now() };
  } catch (error) {
    if (error instanceof ApiError) throw error;
    const kept = await storage.readDay(driver.userId).catch(() => undefined);
    if (!kept) throw error;
    return { day: kept.day, keptAt: kept.savedAt, readAt: Date.parse(kept.savedAt) };
  }
}

export function useDriverDay(driver: DriverIdentity) {
  return useQuery(driverDayKey(driver.userId), () => loadDay(driver));
}

/** A recorded step or undo answers the bus's new state: it replaces the assignment on screen and in the kept copy. */
export function storeAssignment(userId: number, assignment: DriverAssignmentDto): void {
  const shown = getQueryData<ShownDay>(driverDayKey(userId));
  if (!shown) return;
  const day = { ...shown.day, assignments: shown.day.assignments.map((a) => (a.tripId === assignment.tripId ? assignment : a)) };
  setQueryData<ShownDay>(driverDayKey(userId), { ...shown, day });
  void keep(() => driverStorage().writeDay(userId, { day, savedAt: new Date().toISOString() }));
}
