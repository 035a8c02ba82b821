import { EventEmitter2 } from '@nestjs/event-emitter';
import { TripMessages as M } from '../../server/src/contracts/trip-messages';
import { TripHistory } from '../../server/src/trips/trip-history.entity';
import { buildPartnerCompany, useApiWorld } from '../support/api-world';
import type { TestApp } from '../support/app';
import type { TestTenant, TestUser } from '../support/factories';
import { buildTrip, tripRow } from '../support/trip-factory';

/** Concurrency (docs/domain.md, Concurrency and history): two changes to one trip at once give one success and one 409 carrying the current trip. */
describe('trips under concurrent changes', () => {
  let t: TestApp, acme: TestTenant, busC: TestUser;
  let updates = 0;
  useApiWorld({ tenants: ['Race'] }, async (w) => {
    ({ t } = w);
    [acme] = w.tenants;
    // A second partner of school A, so two companies can race for the same trip.
    busC = (await buildPartnerCompany(t, acme)).dispatcher;
    t.app.get(EventEmitter2).on('trip.updated', () => updates++);
  });

  const accept = (u: TestUser, id: number, extra: Record<string, unknown> = {}) =>
    t
      .http()
      .patch(`/api/trips/${id}`)
      .set('Authorization', u.auth)
      .send({ status: 'Accepted', ...extra });

  it('lets exactly one of two companies accepting the same trip at once win, ten times over', async () => {
    for (let round = 0; round < 10; round++) {
      const trip = await buildTrip(t, acme, { status: 'Pending' });
      updates = 0;
      const [a, c] = await Promise.all([accept(acme.users.busA, trip.id), accept(busC, trip.id)]);
      const codes = [a.status, c.status].sort();
      expect(codes).toEqual([200, 409]);
      const [winner, loser] = a.status === 200 ? [a, c] : [c, a];
      expect(loser.body).toEqual({ message: 'Only Pending trips can be accepted; this trip is Accepted.', trip: winner.body });
      const row = await tripRow(t, trip.id);
      expect(row).toMatchObject({ status: 'Accepted', version: 2, busCompanyOrgId: winner.body.busCompanyOrgId });
      expect(await t.db.getRepository(TripHistory).countBy({ tripId: trip.id, action: 'accept' })).toBe(1);
      expect(updates).toBe(1);
    }
  });

  it('lets one of an accept, a reject and an admin accept sent together win, and refuses the rest', async () => {
    const trip = await buildTrip(t, acme, { status: 'Pending' });
    const results = await Promise.all([
      accept(acme.users.busA, trip.id),
      t.http().patch(`/api/trips/${trip.id}`).set('Authorization', busC.auth).send({ status: 'Rejected' }),
      accept(acme.users.admin, trip.id, { busCompanyOrgId: acme.orgs.busA.id }),
    ]);
    expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    const row = await tripRow(t, trip.id);
    expect(row.version).toBe(2);
    for (const r of results.filter((x) => x.status === 409)) {
      expect(r.body.trip).toMatchObject({ id: trip.id, status: row.status, version: 2 });
    }
  });

  it('refuses the second of two edits that both read the same version', async () => {
    const trip = await buildTrip(t, acme, { status: 'Pending' });
    const send = (notes: string) =>
      t.http().patch(`/api/trips/${trip.id}`).set('Authorization', acme.users.staffA.auth).send({ notes, version: 1 });
    const [x, y] = await Promise.all([send('from tab one'), send('from tab two')]);
    expect([x.status, y.status].sort()).toEqual([200, 409]);
    const [won, lost] = x.status === 200 ? [x, y] : [y, x];
    expect(lost.body).toEqual({ message: M.staleVersion, trip: won.body });
    expect((await tripRow(t, trip.id)).notes).toBe(won.body.notes);
  });
});
