import { Messages } from '../../server/src/contracts/messages';
import { type TestApp, startTestApp } from '../support/app';
import { uniq } from '../support/factories';
import { redisUrl } from './live-client';

const attempt = (app: TestApp, email: string) => app.http().post('/api/auth/login').send({ email, password: 'guess' });

/** The sign-in limit (DESIGN §5) counted once for the whole deployment, not once per replica. */
describe('the sign-in limit across replicas', () => {
  let a: TestApp;
  let b: TestApp;

  beforeAll(async () => {
    a = await startTestApp({ REDIS_URL: redisUrl(), LOGIN_RATE_LIMIT: '4' });
    b = await startTestApp({ REDIS_URL: redisUrl(), LOGIN_RATE_LIMIT: '4' });
  });
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  it('blocks the fifth wrong password for one e-mail even when the attempts alternate between replicas', async () => {
    const email = `victim.${uniq()}@example.test`;
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) codes.push((await attempt(app, email)).status);
    // each replica saw at most three: only a shared count reaches the limit of four
    expect(codes).toEqual([401, 401, 401, 401, 429, 429]);
    const blocked = await attempt(a, email);
    expect(blocked.status).toBe(429);
    expect(blocked.body).toEqual({ message: Messages.tooManyAttempts });
    // another e-mail from the same address is counted apart
    expect((await attempt(b, `other.${uniq()}@example.test`)).status).toBe(401);
  });

  it('counts registrations (five a minute) across replicas too', async () => {
    const email = `twice.${uniq()}@example.test`;
    const codes: number[] = [];
    for (const app of [a, b, a, b, a, b]) {
      codes.push((await app.http().post('/api/auth/register').send({ email, name: '', password: 'x' })).status);
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
