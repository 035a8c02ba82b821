import { Messages } from '../../server/src/contracts/messages';
import { type TestApp, startTestApp } from '../support/app';
import { uniq } from '../support/factories';
import { useReplicas } from '../support/replicas';

let address = 0;
// Each test speaks from addresses of its own (the replicas believe X-Forwarded-For from loopback).
const fresh = () => `198.18.${process.pid % 250}.${++address}`;
const attempt = (app: TestApp, email: string, from = '192.0.2.1') =>
  app.http().post('/api/auth/login').set('X-Forwarded-For', from).send({ email, password: 'guess' });

/** The sign-in and registration limits (docs/running.md, Redis and several replicas) counted once for the whole deployment, not once per replica. */
describe('the sign-in limit across replicas', () => {
  const [a, b] = useReplicas({ env: { LOGIN_RATE_LIMIT: '4', LOGIN_ADDRESS_RATE_LIMIT: '6', REGISTER_RATE_LIMIT: '5' } }).apps;

  it('blocks the fifth wrong password for one e-mail even when the attempts alternate between replicas and addresses', async () => {
    const email = `victim.${uniq()}@example.test`;
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) codes.push((await attempt(app, email, fresh())).status);
    // each replica saw at most three: only a shared count reaches the limit of four
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const blocked = await attempt(a, email, fresh());
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: Messages.tooManyAttempts });
    // counted in Redis, the refusal still says how many seconds to wait (within the minute's window)
    expect(blocked.headers['retry-after']).toMatch(/^[1-9]\d*$/);
    expect(Number(blocked.headers['retry-after'])).toBeLessThanOrEqual(60);
    // another e-mail is counted apart
    expect((await attempt(b, `other.${uniq()}@example.test`, fresh())).status).toBe(401);
  });

  it('blocks the seventh attempt from one address, each at another e-mail, alternating between replicas', async () => {
    const from = fresh();
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b, a, b]) codes.push((await attempt(app, `probe.${uniq()}@example.test`, from)).status);
    // each replica saw at most four: only a shared count reaches the limit of six
    expect(codes).toEqual([401, 401, 401, 401, 401, 401, 429, 429]);
    expect((await attempt(b, `probe.${uniq()}@example.test`, fresh())).status).toBe(401);
  });

  it('counts registrations per address (five an hour), whatever the e-mail, across replicas too', async () => {
    const from = fresh();
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) {
      const email = `new.${uniq()}@example.test`;
      codes.push(
        (await app.http().post('/api/auth/register').set('X-Forwarded-For', from).send({ email, name: '', password: 'x' })).status,
      );
    }
    expect(codes).toEqual([400, 400, 400, 400, 400, 429]);
  });

  it('keeps signing people in, limited per replica, while Redis is unreachable', async () => {
    const lonely = await startTestApp({ REDIS_URL: 'redis://127.0.0.1:1', LOGIN_RATE_LIMIT: '2' });
    try {
      const email = `alone.${uniq()}@example.test`;
      const codes: number[] = [];
      for (let i = 0; i < 3; i++) codes.push((await attempt(lonely, email)).status);
      expect(codes).toEqual([401, 401, 429]);
    } finally {
      await lonely.close();
    }
  });
});
