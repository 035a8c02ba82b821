import { HttpErrorFilter } from './http-exception.filter';
import { id, idFromText, INT4_MAX, isStorableText, money, MONEY_MAX, moneyTotalFits, parseRouteId, text } from './input';

describe('input building blocks', () => {
  it('takes text PostgreSQL can store, and refuses NUL and unpaired surrogates', () => {
    expect(isStorableText('Grüße 🚌\ttab\nline')).toBe(true);
    expect(isStorableText('a\u0000b')).toBe(false);
    expect(isStorableText('a\ud800b')).toBe(false);
    expect(isStorableText('\udc00')).toBe(false);
    expect(text().safeParse('x\u0000').success).toBe(false);
    expect(text({ max: 3, tooLong: 'Too long.' }).safeParse('abcd').error?.issues[0].message).toBe('Too long.');
    expect(text().safeParse('x'.repeat(10_001)).success).toBe(false);
    expect(text({ error: 'Name is required.' }).safeParse(42).error?.issues[0].message).toBe('Name is required.');
  });

  it('takes ids from 1 to the int4 maximum only', () => {
    expect(id().safeParse(INT4_MAX).success).toBe(true);
    for (const bad of [0, -1, 1.5, INT4_MAX + 1, 1e20, '7']) expect(id('Bad.').safeParse(bad).error?.issues[0].message).toBe('Bad.');
    expect(idFromText().parse(' 42 ')).toBe(42);
    expect(idFromText().safeParse('2147483648').success).toBe(false);
    expect(idFromText().safeParse('1e3').success).toBe(false);
    expect([parseRouteId('2147483647'), parseRouteId('2147483648'), parseRouteId('0'), parseRouteId('1.5'), parseRouteId('12')]).toEqual([
      INT4_MAX,
      null,
      null,
      null,
      12,
    ]);
  });

  it('keeps money, and sums of it, within numeric(12,2)', () => {
    expect(money('Bad.').safeParse(MONEY_MAX).success).toBe(true);
    expect(money('Bad.').safeParse(MONEY_MAX + 0.01).success).toBe(false);
    expect(money('Bad.', 1e9).safeParse(1e9 + 1).success).toBe(false);
    expect(money('Bad.').safeParse(-0.01).success).toBe(false);
    expect(moneyTotalFits(Array.from({ length: 9 }, () => 1e9))).toBe(true);
    expect(moneyTotalFits(Array.from({ length: 11 }, () => 1e9))).toBe(false);
    expect(moneyTotalFits([null, undefined, 5])).toBe(true);
  });
});

describe('the error filter', () => {
  const answer = (exception: unknown) => {
    let sent: { status?: number; body?: unknown } = {};
    const res = { status: (status: number) => ({ json: (body: unknown) => (sent = { status, body }) }) };
    const host = { switchToHttp: () => ({ getResponse: () => res }) };
    const filter = new HttpErrorFilter();
    (filter as unknown as { logger: { warn: () => void; error: () => void } }).logger = { warn: () => undefined, error: () => undefined };
    filter.catch(exception, host as never);
    return sent;
  };

  it('turns a PostgreSQL data exception (class 22) that slipped past a schema into a 400, from pg or PGlite', () => {
    for (const e of [Object.assign(new Error('x'), { code: '22P05' }), Object.assign(new Error('x'), { driverError: { code: '22003' } })]) {
      expect(answer(e)).toEqual({ status: 400, body: { message: expect.stringMatching(/cannot be stored/) } });
    }
  });

  it('keeps anything else a 500 that says nothing of the cause', () => {
    expect(answer(Object.assign(new Error('relation "x" does not exist'), { code: '42P01' }))).toEqual({
      status: 500,
      body: { message: 'Something went wrong on our side. Please try again.' },
    });
  });
});
