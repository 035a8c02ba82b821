import type { StepBody } from '@contracts/driver-wire';
import { makeAssignment, recorded, TODAY } from './test-driver';
import { assignmentView, currentView, expectedPassengers } from './today-view';

const waiting = (id: string, step: StepBody['step'], tripId = 1): StepBody => ({ id, tripId, step, at: '2031-03-10T07:05:00.000Z' });

describe('what the driver sees of a trip', () => {
  it('lays the waiting taps after the recorded steps and moves the next step on', () => {
    const trip = makeAssignment(1, { progress: { ...makeAssignment(1).progress, steps: [recorded('leftDepot')] }, next: 'atPickup' });
    const view = assignmentView(trip, [waiting('w1', 'atPickup'), waiting('w2', 'leftDepot', 2)]);
    expect(view.steps.map((s) => [s.step, s.receivedAt === null])).toEqual([
      ['leftDepot', false],
      ['atPickup', true],
    ]);
    expect(view.next).toBe('departed');
  });

  it('shows a waiting tap the server already recorded once, and leaves undone steps out', () => {
    const steps = [recorded('leftDepot', { id: 'w1' }), recorded('atPickup', { id: 'x', undoneAt: '2031-03-10T07:06:00.000Z' })];
    const trip = makeAssignment(1, { progress: { ...makeAssignment(1).progress, steps }, next: 'atPickup' });
    const view = assignmentView(trip, [waiting('w1', 'leftDepot')]);
    expect(view.steps.map((s) => s.id)).toEqual(['w1']);
    expect(view.next).toBe('atPickup');
  });

  it('offers nothing more on a canceled trip, whatever waits', () => {
    const trip = makeAssignment(1, { status: 'Canceled', next: null });
    expect(assignmentView(trip, [waiting('w1', 'leftDepot')]).next).toBeNull();
  });

  it('puts today’s trip on top before a later one to acknowledge, and a done trip of today when nothing else waits', () => {
    const later = assignmentView(makeAssignment(2, { departureDate: '2031-03-12', returnDate: '2031-03-12', next: 'acknowledged' }), []);
    const now = assignmentView(makeAssignment(1), []);
    const done = assignmentView(makeAssignment(3, { next: null }), []);
    expect(currentView([later, now], TODAY)?.assignment.tripId).toBe(1);
    expect(currentView([done, later], TODAY)?.assignment.tripId).toBe(2);
    expect(currentView([done], TODAY)?.assignment.tripId).toBe(3);
  });

  it('counts departures from the passenger list, else from students and staff', () => {
    expect(expectedPassengers(makeAssignment(1, { students: 30, staff: null }))).toBe(30);
    expect(
      expectedPassengers(makeAssignment(1, { passengers: [{ fullName: 'A', pickupPoint: null, dropoffPoint: null, notes: null }] })),
    ).toBe(1);
  });
});
