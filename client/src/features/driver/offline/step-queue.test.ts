import type { DriverAssignmentDto, StepBody } from '@contracts/driver-wire';
import { ApiError } from '../../../api/http';
import { makeAssignment } from '../test-driver';
import { driverStorage, memoryStorage, setDriverStorage } from './driver-storage';
import { flushQueue, resetStepQueueForTest, stepQueue } from './step-queue';

const tap = (id: string, step: StepBody['step'], userId = 31) => ({
  userId,
  body: { id, tripId: 1, step, at: '2031-03-10T07:00:00.000Z' },
});

function server(answer: (body: StepBody) => DriverAssignmentDto | Error) {
  const sent: string[] = [];
  const refused: string[] = [];
  return {
    sent,
    refused,
    handlers: {
      send: async (body: StepBody) => {
        const result = answer(body);
        if (result instanceof Error) throw result;
        return result;
      },
      onSent: (_: DriverAssignmentDto, body: StepBody) => sent.push(body.id),
      onRefused: (body: StepBody, message: string) => refused.push(`${body.id}: ${message}`),
    },
  };
}

beforeEach(() => {
  setDriverStorage(memoryStorage());
  resetStepQueueForTest();
});

describe('the queue of taps', () => {
  it('sends only this driver’s taps, in the order tapped, and keeps none once recorded', async () => {
    await stepQueue.add(tap('a', 'leftDepot'));
    await stepQueue.add(tap('other', 'leftDepot', 99));
    await stepQueue.add(tap('b', 'atPickup'));
    const s = server(() => makeAssignment(1));
    expect(await flushQueue(31, s.handlers)).toEqual({ sent: 2, offline: false, waiting: 0 });
    expect(s.sent).toEqual(['a', 'b']);
    expect((await driverStorage().readQueue()).map((q) => q.body.id)).toEqual(['other']);
  });

  it('keeps the tap and those after it when there is no signal, a lapsed session or a server in trouble', async () => {
    for (const failure of [new TypeError('Failed to fetch'), new ApiError('Signed out', 401, {}), new ApiError('Down', 503, {})]) {
      resetStepQueueForTest();
      setDriverStorage(memoryStorage());
      await stepQueue.add(tap('a', 'leftDepot'));
      await stepQueue.add(tap('b', 'atPickup'));
      const s = server(() => failure);
      const result = await flushQueue(31, s.handlers);
      expect(result).toEqual({ sent: 0, offline: failure instanceof TypeError, waiting: 2 });
      expect((await driverStorage().readQueue()).map((q) => q.body.id)).toEqual(['a', 'b']);
    }
  });

  it('drops a refused tap with the server’s reason and goes on with the next', async () => {
    await stepQueue.add(tap('a', 'leftDepot'));
    await stepQueue.add(tap('b', 'atPickup'));
    const s = server((body) => (body.id === 'a' ? new ApiError('This trip was canceled.', 409, {}) : makeAssignment(1)));
    expect(await flushQueue(31, s.handlers)).toEqual({ sent: 1, offline: false, waiting: 0 });
    expect(s.refused).toEqual(['a: This trip was canceled.']);
    expect(s.sent).toEqual(['b']);
  });

  it('reads the taps kept by an earlier page before sending', async () => {
    await driverStorage().writeQueue([tap('kept', 'leftDepot')]);
    const s = server(() => makeAssignment(1));
    await flushQueue(31, s.handlers);
    expect(s.sent).toEqual(['kept']);
  });
});
