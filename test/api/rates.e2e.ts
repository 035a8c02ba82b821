import { EventEmitter2 } from '@nestjs/event-emitter';
import type { DomainEventMap } from '../../server/src/common/domain-events';
import { FleetMessages as FM } from '../../server/src/contracts/fleet-messages';
import { Messages } from '../../server/src/contracts/messages';
import { type RateCardDto, RateMessages as M } from '../../server/src/contracts/rates';
import { InputMessages } from '../../server/src/common/input';
import { RateCard } from '../../server/src/rates/rate-card.entity';
import { RateInputMessages } from '../../server/src/rates/rates.schemas';
import { type TestApp, startTestApp } from '../support/app';
import { buildDriverAccount } from '../support/fleet-factory';
import { buildPlatformAdmin, buildTenant, type TestTenant, type TestUser } from '../support/factories';

/** Rate cards (docs/domain.md, "Rate cards"): who keeps which company's card, bad cards, versions, and the live event. */
describe('rate cards', () => {
  let t: TestApp;
  let acme: TestTenant;
  let other: TestTenant;
  let root: TestUser;
  const announced: DomainEventMap['rates.updated'][] = [];

  beforeAll(async () => {
    t = await startTestApp();
    acme = await buildTenant(t, 'Rates');
    other = await buildTenant(t, 'Far');
    root = await buildPlatformAdmin(t);
    t.app.get(EventEmitter2).on('rates.updated', (e: DomainEventMap['rates.updated']) => announced.push(e));
  }, 60_000);
  afterAll(() => t.close());

  const get = (u: TestUser, path: string) => t.http().get(`/api${path}`).set('Authorization', u.auth);
  const put = (u: TestUser, body: object) => t.http().put('/api/rates').set('Authorization', u.auth).send(body);
  const line = (over: Record<string, unknown> = {}) => ({
    busType: 'Internal Yellow Bus',
    hourlyRate: 35_000,
    minimumMinutes: 240,
    includedKm: 100,
    perKmRate: 250,
    minutesBefore: 30,
    minutesAfter: 30,
    ...over,
  });
  const card = (over: Record<string, unknown> = {}) => ({
    currency: 'AED',
    vatBasisPoints: 500,
    lines: [line()],
    cancellationTiers: [
      { hoursBefore: 72, percent: 50 },
      { hoursBefore: 24, percent: 100 },
    ],
    ...over,
  });
  const rowsOf = (companyOrgId: number) => t.db.getRepository(RateCard).countBy({ companyOrgId });

  it('answers null before the first card, then a dispatcher’s PUT makes version 1, 2, 3; GET answers the newest', async () => {
    const me = acme.users.busA;
    const none = await get(me, '/rates').expect(200);
    expect(none.body).toBeNull();
    for (const [i, hourlyRate] of [30_000, 32_500, 35_050].entries()) {
      const res = await put(me, card({ lines: [line({ hourlyRate })] })).expect(201);
      expect(res.body).toMatchObject({
        companyId: acme.orgs.busA.id,
        companyName: acme.orgs.busA.name,
        tenantId: acme.tenant.id,
        version: i + 1,
        lines: [line({ hourlyRate })],
        createdBy: { id: me.user.id, name: me.user.name },
      });
    }
    const current = (await get(me, '/rates').expect(200)).body as RateCardDto;
    expect(current).toMatchObject({ version: 3, lines: [line({ hourlyRate: 35_050 })] });
    const versions = (await get(me, '/rates/versions').expect(200)).body as RateCardDto[];
    expect(versions.map((v) => [v.version, v.lines[0].hourlyRate])).toEqual([
      [3, 35_050],
      [2, 32_500],
      [1, 30_000],
    ]);
    // the earlier versions are kept as they were
    expect(await rowsOf(acme.orgs.busA.id)).toBe(3);
  });

  it('keeps the payment terms: 30 days unless the card says, from 1 to 365', async () => {
    const me = acme.users.busB;
    expect((await put(me, card()).expect(201)).body).toMatchObject({ dueDays: 30 });
    expect((await put(me, card({ dueDays: 1 })).expect(201)).body).toMatchObject({ dueDays: 1 });
    expect((await put(me, card({ dueDays: 365 })).expect(201)).body).toMatchObject({ dueDays: 365 });
    expect((await get(me, '/rates').expect(200)).body).toMatchObject({ dueDays: 365 });
    const rows = await t.db.getRepository(RateCard).find({ where: { companyOrgId: acme.orgs.busB.id }, order: { version: 'ASC' } });
    expect(rows.map((r) => r.dueDays)).toEqual([30, 1, 365]);
  });

  it('announces each new version after it commits, for the company of the tenant', async () => {
    const before = announced.length;
    const res = await put(acme.users.busB, card()).expect(201);
    expect(announced.slice(before)).toEqual([{ rateCard: res.body, tenantId: acme.tenant.id, companyOrgId: acme.orgs.busB.id }]);
  });

  describe('rights, as the fleet’s', () => {
    it('lets tenant admins and platform admins keep a company’s card when they name it', async () => {
      const company = acme.orgs.busB.id;
      const byAdmin = await put(acme.users.admin, card({ companyId: company })).expect(201);
      expect(byAdmin.body).toMatchObject({ companyId: company, createdBy: { id: acme.users.admin.user.id } });
      const byRoot = await put(root, card({ companyId: company })).expect(201);
      expect(byRoot.body.version).toBe(byAdmin.body.version + 1);
      expect((await get(acme.users.admin, `/rates?companyId=${company}`).expect(200)).body.version).toBe(byRoot.body.version);
      expect((await get(root, `/rates/versions?companyId=${company}`).expect(200)).body.length).toBe(byRoot.body.version);
    });

    it('asks admins to name the company (400), and writes nothing', async () => {
      const before = await t.db.getRepository(RateCard).count();
      expect((await put(acme.users.admin, card()).expect(400)).body.message).toBe(FM.companyRequired);
      expect((await get(acme.users.admin, '/rates').expect(400)).body.message).toBe(FM.companyRequired);
      expect((await get(root, '/rates/versions').expect(400)).body.message).toBe(FM.companyRequired);
      expect(await t.db.getRepository(RateCard).count()).toBe(before);
    });

    it('answers 404 for another tenant’s company, a school, or a dispatcher naming another company', async () => {
      const before = await t.db.getRepository(RateCard).count();
      const foreign = other.orgs.busA.id;
      expect((await put(acme.users.admin, card({ companyId: foreign })).expect(404)).body.message).toBe(FM.companyNotFound);
      await get(acme.users.admin, `/rates?companyId=${foreign}`).expect(404);
      await get(acme.users.admin, `/rates/versions?companyId=${acme.orgs.schoolA.id}`).expect(404);
      await put(acme.users.busA, card({ companyId: acme.orgs.busB.id })).expect(404);
      await get(acme.users.busA, `/rates?companyId=${acme.orgs.busB.id}`).expect(404);
      expect(await t.db.getRepository(RateCard).count()).toBe(before);
    });

    it('lets a dispatcher name their own company', async () => {
      await get(acme.users.busA, `/rates?companyId=${acme.orgs.busA.id}`).expect(200);
    });

    it('refuses school staff, finance, trip managers and drivers (403), and writes nothing', async () => {
      const before = await t.db.getRepository(RateCard).count();
      const driver = await buildDriverAccount(t, acme.orgs.busA);
      for (const u of [acme.users.staffA, acme.users.finance, acme.users.manager, driver]) {
        expect((await put(u, card({ companyId: acme.orgs.busA.id })).expect(403)).body.message).toBe(Messages.forbidden);
        await get(u, `/rates?companyId=${acme.orgs.busA.id}`).expect(403);
        await get(u, `/rates/versions?companyId=${acme.orgs.busA.id}`).expect(403);
      }
      expect(await t.db.getRepository(RateCard).count()).toBe(before);
    });

    it('keeps one tenant’s card from the other’s dispatchers', async () => {
      await put(other.users.busA, card()).expect(201);
      const mine = (await get(acme.users.busA, '/rates/versions').expect(200)).body as RateCardDto[];
      expect(mine.every((v) => v.companyId === acme.orgs.busA.id)).toBe(true);
    });
  });

  describe('a bad card is a 400 with its message, and nothing is written', () => {
    it.each<[string, Record<string, unknown>, string]>([
      ['a negative rate', { lines: [line({ hourlyRate: -1 })] }, M.money],
      ['an absurd rate', { lines: [line({ perKmRate: 1e12 })] }, M.money],
      ['a fraction of a fils', { lines: [line({ hourlyRate: 100.5 })] }, M.money],
      ['a rate sent as text', { lines: [line({ hourlyRate: '350' })] }, M.money],
      ['a NUL in the currency', { currency: 'AE\u0000' }, InputMessages.unstorableText],
      ['a lower-case currency', { currency: 'aed' }, M.currency],
      ['a long currency', { currency: 'AEDX' }, M.currency],
      [
        'overlapping tiers',
        {
          cancellationTiers: [
            { hoursBefore: 24, percent: 50 },
            { hoursBefore: 24, percent: 100 },
          ],
        },
        M.duplicateTier,
      ],
      [
        'a fee that drops towards departure',
        {
          cancellationTiers: [
            { hoursBefore: 72, percent: 100 },
            { hoursBefore: 24, percent: 50 },
          ],
        },
        M.tierOrder,
      ],
      ['a percent of 101', { cancellationTiers: [{ hoursBefore: 24, percent: 101 }] }, M.tierPercent],
      ['VAT over 100 %', { vatBasisPoints: 10_001 }, M.vat],
      ['a bus type twice', { lines: [line(), line()] }, M.duplicateBusType],
      ['an unknown bus type', { lines: [line({ busType: 'Limousine' })] }, M.busType],
      ['no lines', { lines: [] }, M.noLines],
      ['more lines than bus types', { lines: [line(), line(), line(), line()] }, RateInputMessages.tooManyLines],
      [
        'more than ten tiers',
        { cancellationTiers: Array.from({ length: 11 }, (_, i) => ({ hoursBefore: 11 - i, percent: 50 })) },
        RateInputMessages.tooManyTiers,
      ],
      ['tiers that are not a list', { cancellationTiers: 'none' }, RateInputMessages.tiersInvalid],
      ['payment terms of 0 days', { dueDays: 0 }, M.dueDays],
      ['payment terms of 366 days', { dueDays: 366 }, M.dueDays],
      ['payment terms of half a day', { dueDays: 14.5 }, M.dueDays],
      ['payment terms sent as text', { dueDays: '30' }, M.dueDays],
    ])('%s', async (_what, over, message) => {
      const before = await t.db.getRepository(RateCard).count();
      const announcedBefore = announced.length;
      const res = await put(acme.users.busA, card(over)).expect(400);
      expect(res.body.message).toBe(message);
      expect(await t.db.getRepository(RateCard).count()).toBe(before);
      expect(announced.length).toBe(announcedBefore);
    });

    it('refuses a body that is not an object', async () => {
      await t
        .http()
        .put('/api/rates')
        .set('Authorization', acme.users.busA.auth)
        .set('Content-Type', 'application/json')
        .send('[1]')
        .expect(400);
    });
  });

  it('documents its three routes in the OpenAPI document', async () => {
    const doc = (await t.http().get('/api/docs/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    expect(Object.keys(doc.paths['/api/rates'] ?? doc.paths['/rates'] ?? {}).sort()).toEqual(['get', 'put']);
    expect(Object.keys(doc.paths['/api/rates/versions'] ?? doc.paths['/rates/versions'] ?? {})).toEqual(['get']);
  });

  it('gives two changes made at once the next two versions', async () => {
    const company = other.orgs.busB.id;
    const u = other.users.busB;
    await put(u, card()).expect(201);
    const [a, b] = await Promise.all([put(u, card({ vatBasisPoints: 0 })), put(u, card({ vatBasisPoints: 1000 }))]);
    expect([a.status, b.status]).toEqual([201, 201]);
    expect([a.body.version, b.body.version].sort()).toEqual([2, 3]);
    const versions = (await get(u, '/rates/versions').expect(200)).body as RateCardDto[];
    expect(versions.map((v) => v.version)).toEqual([3, 2, 1]);
    expect(await rowsOf(company)).toBe(3);
  });
});
