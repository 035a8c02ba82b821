import { PricingMessages, type TripEstimate } from '../../server/src/contracts/pricing';
import { invoiceMoney } from '../../server/src/contracts/invoices';
import { TripMessages } from '../../server/src/contracts/trip-messages';
import type { TripDto } from '../../server/src/contracts/trip-wire';
import { localDate } from '../../server/src/contracts/calendar';
import type { CancellationFeeDto } from '../../server/src/contracts/pricing';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, type TestTenant, type TestUser } from '../support/factories';

/**
 * A price before the request (docs/domain.md, "Rate cards"): GET /estimates as the request form asks it, the estimate
 * a request stores with its rate card version, and the approval step that applies only above an amount.
 */
describe('estimates', () => {
  let t: TestApp;
  let acme: TestTenant;
  let far: TestTenant;

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Quotes');
    far = await buildTenant(t, 'Farther');
    const dispatcher = acme.users.busA;
    // Bus A runs a 56-seat yellow bus and a 30-seat white bus, and prices both (hand-worked figures in pricing.spec.ts).
    for (const [name, busType, seats] of [
      ['Bus 1', 'Internal Yellow Bus', 56],
      ['Bus 2', 'White Bus', 30],
    ] as const) {
      await t.http().post('/api/fleet/buses').set('Authorization', dispatcher.auth).send({ name, busType, seats }).expect(201);
    }
    const rate = { minimumMinutes: 180, includedKm: 100, perKmRate: 300, minutesBefore: 30, minutesAfter: 30 };
    await t
      .http()
      .put('/api/rates')
      .set('Authorization', dispatcher.auth)
      .send({
        currency: 'AED',
        vatBasisPoints: 500,
        lines: [
          { busType: 'White Bus', hourlyRate: 15_000, ...rate },
          { busType: 'Internal Yellow Bus', hourlyRate: 20_000, ...rate },
        ],
        cancellationTiers: [
          { hoursBefore: 72, percent: 50 },
          { hoursBefore: 24, percent: 100 },
        ],
      })
      .expect(201);
  }, 60_000);
  afterAll(() => t.close());

  const query = {
    students: 23,
    staff: 2,
    distanceKm: 80,
    departureDate: '2027-03-01',
    departureTime: '09:00 AM',
    returnDate: '2027-03-01',
    returnTime: '02:00 PM',
  };
  const estimate = (u: TestUser, q: Record<string, unknown> = query) =>
    t.http().get('/api/estimates').query(q).set('Authorization', u.auth);

  it('quotes the school’s partner’s card: the fewest buses, the time and kilometres billed, VAT per line', async () => {
    const res = await estimate(acme.users.staffA).expect(200);
    const body = res.body as TripEstimate;
    expect(body).toMatchObject({ companyId: acme.orgs.busA.id, companyName: acme.orgs.busA.name, rateCardVersion: 1 });
    // 25 people: one 30-seat white bus; 6 h × 150.00 + 60 km × 3.00 = 1,080.00 + 54.00 VAT.
    expect(body.quote).toEqual({
      currency: 'AED',
      vatBasisPoints: 500,
      km: 160,
      lines: [
        {
          busType: 'White Bus',
          seats: 30,
          billableMinutes: 360,
          hoursAmount: 90_000,
          extraKm: 60,
          kmAmount: 18_000,
          subtotal: 108_000,
          vat: 5_400,
        },
      ],
      subtotal: 108_000,
      vat: 5_400,
      total: 113_400,
    });
    // 80 people: a yellow and a white bus, each on its own line.
    const mixed = (await estimate(acme.users.staffA, { ...query, students: 78 }).expect(200)).body as TripEstimate;
    expect(mixed.quote.lines.map((l) => l.busType)).toEqual(['Internal Yellow Bus', 'White Bus']);
    expect(mixed.quote.total).toBe(mixed.quote.subtotal + mixed.quote.vat);
  });

  it('answers null for a school whose partner prices nothing, and names the school for admins and trip managers', async () => {
    expect((await estimate(acme.users.staffB).expect(200)).body).toBeNull();
    await estimate(acme.users.admin).expect(400, { message: TripMessages.schoolRequired });
    const named = await estimate(acme.users.admin, { ...query, schoolOrgId: acme.orgs.schoolA.id }).expect(200);
    expect((named.body as TripEstimate).quote.total).toBe(113_400);
    await estimate(acme.users.admin, { ...query, schoolOrgId: far.orgs.schoolA.id }).expect(404);
  });

  it('is only for those who may request a trip', async () => {
    await estimate(acme.users.busA).expect(403);
    await estimate(acme.users.finance).expect(403);
  });

  it.each([
    ['a distance of 0', { distanceKm: 0 }, PricingMessages.distanceInvalid],
    ['a distance in words', { distanceKm: 'far' }, PricingMessages.distanceInvalid],
    ['a huge distance', { distanceKm: 99_999_999 }, PricingMessages.distanceInvalid],
    ['negative students', { students: -1 }, TripMessages.studentsInvalid],
    ['a bad time', { departureTime: '25:00' }, TripMessages.timeInvalid],
    ['a return before the departure', { returnTime: '08:00 AM' }, TripMessages.returnBeforeDeparture],
  ])('answers 400 to %s', async (_label, over, message) => {
    const res = await estimate(acme.users.staffA, { ...query, ...over }).expect(400);
    expect(res.body.message).toBe(message);
  });

  const form = {
    tripType: 'Day Trip',
    destination: 'Science Park',
    departureDate: '2027-03-01',
    departureTime: '09:00 AM',
    returnDate: '2027-03-01',
    returnTime: '02:00 PM',
    students: 23,
    staff: 2,
  };

  /** School A's request of `form`, 80 km each way, as its staff file it: quoted on Bus A's card. */
  const fileQuoted = async () =>
    (
      await t
        .http()
        .post('/api/trips')
        .set('Authorization', acme.users.staffA.auth)
        .send({ ...form, distanceKm: 80 })
        .expect(201)
    ).body as TripDto;

  it('stores the estimate with the request, as quoted on the card version it names, for everyone who sees the trip', async () => {
    const res = await t
      .http()
      .post('/api/trips')
      .set('Authorization', acme.users.staffA.auth)
      .send({ ...form, distanceKm: 80 })
      .expect(201);
    const trip = res.body as TripDto;
    expect(trip.distanceKm).toBe(80);
    expect(trip.estimate).toMatchObject({ companyId: acme.orgs.busA.id, rateCardVersion: 1, quote: { total: 113_400 } });
    const seen = await t.http().get(`/api/trips/${trip.id}`).set('Authorization', acme.users.busA.auth).expect(200);
    expect((seen.body as TripDto).estimate).toEqual(trip.estimate);
    const without = await t.http().post('/api/trips').set('Authorization', acme.users.staffA.auth).send(form).expect(201);
    expect([without.body.distanceKm, without.body.estimate]).toEqual([null, null]);
    const bad = await t
      .http()
      .post('/api/trips')
      .set('Authorization', acme.users.staffA.auth)
      .send({ ...form, distanceKm: -5 })
      .expect(400);
    expect(bad.body.message).toBe(PricingMessages.distanceInvalid);
  });

  it('fills nothing in by itself, but asks the dispatcher why when the buses’ prices move more than 10 % from the quote', async () => {
    const filed = await t
      .http()
      .post('/api/trips')
      .set('Authorization', acme.users.staffA.auth)
      .send({ ...form, distanceKm: 80 })
      .expect(201);
    const dispatcher = acme.users.busA;
    const patch = (body: object) => t.http().patch(`/api/trips/${filed.body.id}`).set('Authorization', dispatcher.auth).send(body);
    const accepted = (await patch({ status: 'Accepted', version: filed.body.version }).expect(200)).body as TripDto;
    const bus = (tripPrice: number) => [{ busType: 'White Bus', busSeats: 30, tripPrice }];
    // AED 1,134.00 quoted: AED 1,300.00 is 14.6 % more.
    const far = await patch({ status: 'Confirmed', buses: bus(1300), version: accepted.version }).expect(400);
    expect(far.body.message).toBe(PricingMessages.priceReasonRequired);
    expect((await t.http().get(`/api/trips/${filed.body.id}`).set('Authorization', dispatcher.auth).expect(200)).body).toMatchObject({
      status: 'Accepted',
      price: 0,
    });
    const near = (await patch({ status: 'Confirmed', buses: bus(1240), version: accepted.version }).expect(200)).body as TripDto;
    expect(near.price).toBe(1240);
    const reasoned = await patch({
      buses: bus(1500),
      priceReason: 'A second driver for the motorway stretch.',
      version: near.version,
    }).expect(200);
    expect(reasoned.body.price).toBe(1500);
    const history = (await t.http().get(`/api/trips/${filed.body.id}/history`).set('Authorization', acme.users.staffA.auth).expect(200))
      .body as {
      action: string;
      note?: string;
    }[];
    expect(history.filter((h) => h.action === 'assignBuses').map((h) => h.note ?? null)).toEqual([
      null,
      'A second driver for the motorway stretch.',
    ]);
  });

  describe('cancellation fees', () => {
    /** The server's wall clock `hours` from now, as a trip's day and time (`hh:mm AM`). */
    const wallIn = (hours: number) => {
      const at = new Date(Date.now() + hours * 3_600_000);
      const h = at.getHours();
      const time = `${String(h % 12 === 0 ? 12 : h % 12).padStart(2, '0')}:${String(at.getMinutes()).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
      return { date: localDate(at), time };
    };
    /** A request departing `hours` from now (back two days later), with its estimate; accepted by Bus A unless `accept` is false. */
    const trip = async (hours: number, accept = true): Promise<TripDto> => {
      const leaves = wallIn(hours);
      const back = wallIn(hours + 48);
      const body = {
        ...form,
        departureDate: leaves.date,
        departureTime: leaves.time,
        returnDate: back.date,
        returnTime: back.time,
        distanceKm: 80,
      };
      const filed = (await t.http().post('/api/trips').set('Authorization', acme.users.staffA.auth).send(body).expect(201)).body as TripDto;
      if (!accept) return filed;
      return (
        await t.http().patch(`/api/trips/${filed.id}`).set('Authorization', acme.users.busA.auth).send({ status: 'Accepted' }).expect(200)
      ).body as TripDto;
    };
    const patch = (u: TestUser, id: number, body: object) =>
      t.http().patch(`/api/trips/${id}`).set('Authorization', u.auth).send(body).expect(200);
    const feeOf = async (id: number) =>
      ((await t.http().get(`/api/trips/${id}`).set('Authorization', acme.users.busA.auth).expect(200)).body as TripDto)
        .cancellationFee as CancellationFeeDto | null;

    it('charges the tier the request fell within, of the quoted total, for both sides to see', async () => {
      const accepted = await trip(30); // within 72 hours, not 24: half
      expect(accepted.estimate).not.toBeNull();
      await patch(acme.users.staffA, accepted.id, { status: 'Cancel Requested' });
      const canceled = (await patch(acme.users.busA, accepted.id, { status: 'Canceled' })).body as TripDto;
      const total = accepted.estimate!.quote.total;
      expect(canceled.cancellationFee).toMatchObject({
        fee: Math.round(total / 2),
        basis: total,
        currency: 'AED',
        tier: { hoursBefore: 72, percent: 50 },
      });
      const seenBySchool = (await t.http().get(`/api/trips/${accepted.id}`).set('Authorization', acme.users.staffA.auth).expect(200))
        .body as TripDto;
      expect(seenBySchool.cancellationFee).toEqual(canceled.cancellationFee);
    });

    it('counts from when the cancellation was asked for, not from its approval', async () => {
      const accepted = await trip(30);
      await patch(acme.users.staffA, accepted.id, { status: 'Cancel Requested' });
      // As if it had been asked for 80 hours before departure (the company approving only now, within 72 hours).
      const earlier = wallIn(30 - 80);
      await t.db.query(`UPDATE trips SET cancel_requested_wall = $2 WHERE id = $1`, [
        accepted.id,
        `${earlier.date}T${toClock(earlier.time)}`,
      ]);
      await patch(acme.users.busA, accepted.id, { status: 'Canceled' });
      expect(await feeOf(accepted.id)).toMatchObject({ fee: 0, tier: null });
    });

    it('charges everything within 24 hours, on the assigned price once buses are assigned', async () => {
      const accepted = await trip(10);
      const price = (accepted.estimate!.quote.total + 5_000) / 100; // AED 50.00 over the quote: within 10 %
      const buses = [{ busType: 'White Bus', busSeats: 30, tripPrice: price }];
      const confirmed = (await patch(acme.users.busA, accepted.id, { status: 'Confirmed', buses })).body as TripDto;
      await patch(acme.users.admin, confirmed.id, { status: 'Canceled' });
      const basis = accepted.estimate!.quote.total + 5_000;
      expect(await feeOf(confirmed.id)).toMatchObject({ fee: basis, basis, tier: { hoursBefore: 24, percent: 100 } });
    });

    it('charges nothing before a company accepted the trip', async () => {
      const pending = await trip(10, false);
      const canceled = (await patch(acme.users.staffA, pending.id, { status: 'Canceled' })).body as TripDto;
      expect(canceled.cancellationFee).toBeNull();
    });
  });

  it('takes a new distance with a new destination, quotes the trip on it, and shows it in the edit request its company reads', async () => {
    const staff = acme.users.staffA;
    const company = acme.users.busA;
    const tripOf = async (id: number) =>
      (await t.http().get(`/api/trips/${id}`).set('Authorization', company.auth).expect(200)).body as TripDto;
    const edit = (id: number, body: Record<string, unknown>) =>
      t.http().patch(`/api/trips/${id}`).set('Authorization', staff.auth).send(body);
    const filed = await fileQuoted();
    const farQuote = (await estimate(staff, { ...query, distanceKm: 200 }).expect(200)).body as TripEstimate;

    // somewhere farther: the distance goes with it, and the estimate is the card's for the new distance
    const moved = (await edit(filed.id, { destination: 'Desert Camp', distanceKm: 200 }).expect(200)).body as TripDto;
    expect([moved.destination, moved.distanceKm]).toEqual(['Desert Camp', 200]);
    expect(moved.estimate!.quote).toEqual(farQuote.quote);
    expect(moved.estimate!.quote.total).toBeGreaterThan(filed.estimate!.quote.total);
    expect((await tripOf(filed.id)).estimate).toEqual(moved.estimate);
    const history = (await t.http().get(`/api/trips/${filed.id}/history`).set('Authorization', staff.auth).expect(200)).body as {
      action: string;
      fields: string[];
    }[];
    expect(history.find((h) => h.action === 'edit')!.fields).toEqual(expect.arrayContaining(['destination', 'distanceKm', 'estimate']));

    // a bad distance: 400 in the request form's words, nothing written
    for (const distanceKm of [0, 2.5, 'far']) {
      expect((await edit(filed.id, { distanceKm }).expect(400)).body.message).toBe(PricingMessages.distanceInvalid);
    }
    expect((await tripOf(filed.id)).distanceKm).toBe(200);
    // taken away: no distance, no estimate; given again: quoted again
    expect(((await edit(filed.id, { distanceKm: null }).expect(200)).body as TripDto).estimate).toBeNull();
    const back = (await edit(filed.id, { distanceKm: 80 }).expect(200)).body as TripDto;
    expect(back.estimate!.quote.total).toBe(filed.estimate!.quote.total);

    // confirmed, then taken farther by the school: the company reads the distance among the requested changes
    await t.http().patch(`/api/trips/${filed.id}`).set('Authorization', company.auth).send({ status: 'Accepted' }).expect(200);
    const bus = {
      busType: 'White Bus',
      busSeats: 30,
      tripPrice: 1134,
      driverName: 'Sam Driver',
      driverPhone: '+971 50 000 0000',
      status: null,
    };
    await t
      .http()
      .patch(`/api/trips/${filed.id}`)
      .set('Authorization', company.auth)
      .send({ status: 'Confirmed', buses: [bus] })
      .expect(200);
    const asked = (await edit(filed.id, { destination: 'Mountain Lodge', distanceKm: 200, status: 'Pending' }).expect(200)).body as TripDto;
    expect(asked.editRequest).toBe(true);
    expect((await tripOf(filed.id)).requestedChanges).toEqual([
      { field: 'destination', label: 'Destination', from: 'Desert Camp', to: 'Mountain Lodge' },
      { field: 'distance', label: 'Distance', from: '80 km', to: '200 km' },
    ]);
  });

  it('quotes an edited trip again, and sends a change that moves its price more than 10 % through approval again', async () => {
    const staff = acme.users.staffA;
    const filed = await fileQuoted();
    const edited = (await t.http().patch(`/api/trips/${filed.id}`).set('Authorization', staff.auth).send({ students: 78 }).expect(200))
      .body as TripDto;
    expect(edited.estimate!.quote.lines).toHaveLength(2);
    expect(edited.estimate!.quote.total).toBeGreaterThan(filed.estimate!.quote.total);
    const accepted = (
      await t.http().patch(`/api/trips/${filed.id}`).set('Authorization', acme.users.busA.auth).send({ status: 'Accepted' }).expect(200)
    ).body as TripDto;
    const policy = { steps: [{ approverIds: [acme.users.staffA.user.id] }], budgetCodeRequired: false, reminderDays: 3, expiryDays: 10 };
    const school = `/api/schools/${acme.orgs.schoolA.id}/approval-policy`;
    const current = (await t.http().get(school).set('Authorization', acme.users.admin.auth).expect(200)).body as { version: number };
    await t
      .http()
      .put(school)
      .set('Authorization', acme.users.admin.auth)
      .send({ ...policy, version: current.version })
      .expect(200);
    try {
      // Ten minutes later back: the quote moves less than 10 %, the change applies at once.
      const near = await t
        .http()
        .patch(`/api/trips/${filed.id}`)
        .set('Authorization', staff.auth)
        .send({ returnTime: '02:10 PM' })
        .expect(200);
      expect(near.body.returnTime).toBe('02:10 PM');
      // Six hours later back: more than 10 % dearer, the change waits at the school.
      const far = await t
        .http()
        .patch(`/api/trips/${filed.id}`)
        .set('Authorization', staff.auth)
        .send({ returnTime: '08:10 PM' })
        .expect(202);
      expect(far.body.approval).toMatchObject({ kind: 'change', state: 'waiting' });
      const seen = (await t.http().get(`/api/trips/${filed.id}`).set('Authorization', acme.users.busA.auth).expect(200)).body as TripDto;
      expect([seen.returnTime, seen.status]).toEqual(['02:10 PM', accepted.status]);
    } finally {
      const now = (await t.http().get(school).set('Authorization', acme.users.admin.auth).expect(200)).body as { version: number };
      await t
        .http()
        .put(school)
        .set('Authorization', acme.users.admin.auth)
        .send({ steps: [], budgetCodeRequired: false, reminderDays: 3, expiryDays: 10, version: now.version })
        .expect(200);
    }
  });

  /** School A's approval policy set by the admin, naming the version it replaces (whatever earlier tests left). */
  const put = async (body: object) => {
    const path = `/api/schools/${acme.orgs.schoolA.id}/approval-policy`;
    const { version } = (await t.http().get(path).set('Authorization', acme.users.admin.auth).expect(200)).body as { version: number };
    await t
      .http()
      .put(path)
      .set('Authorization', acme.users.admin.auth)
      .send({ ...body, version })
      .expect(200);
  };

  it('sends a request through a second step only above its amount (an estimate below it: one step)', async () => {
    const approver = acme.users.staffA;
    const policy = (aboveFils: number) => ({
      steps: [{ approverIds: [approver.user.id] }, { approverIds: [approver.user.id], aboveFils }],
      budgetCodeRequired: false,
      reminderDays: 3,
      expiryDays: 10,
    });
    const filed = async (distanceKm?: number) => {
      const res = await t
        .http()
        .post('/api/trips')
        .set('Authorization', acme.users.manager.auth)
        .send({ ...form, schoolOrgId: acme.orgs.schoolA.id, distanceKm })
        .expect(201);
      return (await t.http().get(`/api/trips/${res.body.id}/approval`).set('Authorization', approver.auth).expect(200)).body as {
        tripId: number;
        steps: number;
        trip: { estimate: { total: number; currency: string } | null };
      };
    };
    await put(policy(200_000)); // AED 2,000.00: the AED 1,134.00 estimate is below it
    const below = await filed(80);
    expect(below.steps).toBe(1);
    // the approver reads the amount they approve, on the approval and in their list
    expect(below.trip.estimate).toEqual({ total: 113_400, currency: 'AED' });
    const listed = (await t.http().get('/api/approvals').set('Authorization', approver.auth).expect(200)).body as (typeof below)[];
    expect(listed.find((a) => a.tripId === below.tripId)?.trip.estimate).toEqual({ total: 113_400, currency: 'AED' });
    expect((await filed()).steps).toBe(2); // no estimate: always
    await put(policy(100_000)); // AED 1,000.00: above it
    expect((await filed(80)).steps).toBe(2);
    await put({ steps: [], budgetCodeRequired: false, reminderDays: 3, expiryDays: 10 });
  });

  it('shows the approvers the new estimate of a change that takes a trip farther, and sends it through the step above its amount', async () => {
    const staff = acme.users.staffA;
    const decide = (tripId: number) =>
      t.http().post(`/api/trips/${tripId}/approval`).set('Authorization', staff.auth).send({ decision: 'approve' }).expect(200);
    const farQuote = (await estimate(staff, { ...query, distanceKm: 300 }).expect(200)).body as TripEstimate;
    expect(farQuote.quote.total).toBeGreaterThan(200_000);
    // the second step only above AED 2,000.00: the AED 1,134.00 request goes through one
    await put({
      steps: [{ approverIds: [staff.user.id] }, { approverIds: [staff.user.id], aboveFils: 200_000 }],
      budgetCodeRequired: false,
      reminderDays: 3,
      expiryDays: 10,
    });
    try {
      const filed = await fileQuoted();
      expect(((await decide(filed.id)).body as { state: string }).state).toBe('approved');
      await t.http().patch(`/api/trips/${filed.id}`).set('Authorization', acme.users.busA.auth).send({ status: 'Accepted' }).expect(200);

      // 300 km away now: held at the school, with what it would cost
      const held = await t
        .http()
        .patch(`/api/trips/${filed.id}`)
        .set('Authorization', staff.auth)
        .send({ destination: 'Desert Camp', distanceKm: 300 })
        .expect(202);
      expect(held.body.approval).toMatchObject({ kind: 'change', step: 1, steps: 2 });
      expect(held.body.approval.changes).toEqual([
        { field: 'destination', label: 'Destination', from: 'Science Park', to: 'Desert Camp' },
        { field: 'distance', label: 'Distance', from: '80 km', to: '300 km' },
        { field: 'estimate', label: 'Estimate', from: invoiceMoney(113_400, 'AED'), to: invoiceMoney(farQuote.quote.total, 'AED') },
      ]);
      const seen = (await t.http().get(`/api/trips/${filed.id}`).set('Authorization', acme.users.busA.auth).expect(200)).body as TripDto;
      expect([seen.destination, seen.distanceKm, seen.estimate!.quote.total]).toEqual(['Science Park', 80, 113_400]);

      // both steps approve it: written, and quoted on the new distance
      expect(((await decide(filed.id)).body as { state: string; step: number }).step).toBe(2);
      expect(((await decide(filed.id)).body as { state: string }).state).toBe('approved');
      const after = (await t.http().get(`/api/trips/${filed.id}`).set('Authorization', acme.users.busA.auth).expect(200)).body as TripDto;
      expect([after.destination, after.distanceKm]).toEqual(['Desert Camp', 300]);
      expect(after.estimate!.quote).toEqual(farQuote.quote);
    } finally {
      await put({ steps: [], budgetCodeRequired: false, reminderDays: 3, expiryDays: 10 });
    }
  });
});

/** `hh:mm AM` as a 24-hour `HH:mm`. */
function toClock(time: string): string {
  const [hm, half] = time.split(' ');
  const [h, m] = hm.split(':').map(Number);
  return `${String((h % 12) + (half === 'PM' ? 12 : 0)).padStart(2, '0')}:${String(m).padStart(2, '0')}`;
}
