import { PresenceMessages } from '../../contracts/presence';
import { parsePresence, presenceClearSchema, presenceSetSchema, presenceSyncSchema } from './presence.schemas';

describe('presence commands', () => {
  it('takes a trip id and one of the four activities', () => {
    for (const activity of ['viewing', 'editing', 'assigning', 'passengers']) {
      expect(parsePresence(presenceSetSchema, { tripId: 12, activity })).toEqual({ ok: true, data: { tripId: 12, activity } });
    }
  });

  it('refuses anything else with a message, as the HTTP API refuses a bad body', () => {
    const set = (v: unknown) => parsePresence(presenceSetSchema, v);
    expect(set({ tripId: 12, activity: 'lurking' })).toEqual({ ok: false, message: PresenceMessages.badActivity });
    expect(set({ tripId: 12 })).toEqual({ ok: false, message: PresenceMessages.badActivity });
    expect(set({ activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(set({ tripId: 2_147_483_648, activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(set({ tripId: 1.5, activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(set({ tripId: '12', activity: 'viewing' })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(set([12, 'viewing'])).toEqual({ ok: false, message: PresenceMessages.badRequest });
    expect(set('x')).toEqual({ ok: false, message: PresenceMessages.badRequest });
  });

  it('clears one trip, or every trip when none is named', () => {
    expect(parsePresence(presenceClearSchema, { tripId: 4 })).toEqual({ ok: true, data: { tripId: 4 } });
    expect(parsePresence(presenceClearSchema, undefined)).toEqual({ ok: true, data: {} });
    expect(parsePresence(presenceClearSchema, { tripId: null })).toEqual({ ok: false, message: 'Invalid id.' });
    expect(parsePresence(presenceClearSchema, 7)).toEqual({ ok: false, message: PresenceMessages.badClear });
  });

  it('syncs at most 500 trips at once', () => {
    expect(parsePresence(presenceSyncSchema, { tripIds: [1, 2] })).toEqual({ ok: true, data: { tripIds: [1, 2] } });
    expect(parsePresence(presenceSyncSchema, {})).toEqual({ ok: true, data: {} });
    const many = Array.from({ length: 501 }, (_, i) => i + 1);
    expect(parsePresence(presenceSyncSchema, { tripIds: many })).toEqual({ ok: false, message: PresenceMessages.badSync });
    expect(parsePresence(presenceSyncSchema, { tripIds: 'all' })).toEqual({ ok: false, message: PresenceMessages.badSync });
    expect(parsePresence(presenceSyncSchema, { tripIds: [0] })).toEqual({ ok: false, message: 'Invalid id.' });
  });
});
