import { SessionsService } from '../../server/src/auth/sessions.service';
import { type TestApp, startTestApp } from '../support/app';
import { buildPlatformAdmin, type TestUser } from '../support/factories';
import { closeAllClients, connectLive, refusal } from './live-client';

/**
 * Two app instances in one process, each signing with a secret of its own, on one database: each
 * authenticates REST through its own sessions (its guard's SessionsService), never the other's, whichever started last.
 */
describe('two apps in one process, each with its own sign-in check', () => {
  let a: TestApp;
  let b: TestApp;
  let root: TestUser;
  let tokenOfA: string;
  let tokenOfB: string;

  beforeAll(async () => {
    a = await startTestApp({ JWT_SECRET: 'secret-of-app-a-that-is-long-enough-0123456789' });
    b = await startTestApp({ JWT_SECRET: 'secret-of-app-b-that-is-long-enough-0123456789' });
    root = await buildPlatformAdmin(a);
    tokenOfA = root.token;
    tokenOfB = b.app.get(SessionsService).issue(root.user);
  });
  afterEach(() => closeAllClients());
  afterAll(async () => {
    await a?.close();
    await b?.close();
  });

  const session = (t: TestApp, token: string) => t.http().get('/api/auth/session').set('Authorization', `Bearer ${token}`);

  it('accepts a token of its own and refuses the other app’s, both ways', async () => {
    expect((await session(a, tokenOfA).expect(200)).body.user.id).toBe(root.user.id);
    expect((await session(b, tokenOfB).expect(200)).body.user.id).toBe(root.user.id);
    expect((await session(a, tokenOfB).expect(401)).body).toEqual({ message: 'Please sign in.' });
    expect((await session(b, tokenOfA).expect(401)).body).toEqual({ message: 'Please sign in.' });
  });

  it('checks the socket handshake with the same app’s sessions', async () => {
    await connectLive(a.url, tokenOfA, 'A with its token');
    await connectLive(b.url, tokenOfB, 'B with its token');
    expect((await refusal(a.url, tokenOfB)).message).toBe('Please sign in.');
    expect((await refusal(b.url, tokenOfA)).message).toBe('Please sign in.');
  });

  it('ends a session on the app that signed it out only for that app’s token', async () => {
    const other = b.app.get(SessionsService).issue(root.user);
    await b.http().post('/api/auth/logout').set('Authorization', `Bearer ${other}`).expect(204);
    expect((await session(b, other).expect(401)).body).toEqual({ message: 'Your session has ended. Please sign in again.' });
    await session(b, tokenOfB).expect(200);
    await session(a, tokenOfA).expect(200);
  });

  it('checks a third app started later with its own secret, and leaves the others working when it closes', async () => {
    const c = await startTestApp({ JWT_SECRET: 'secret-of-app-c-that-is-long-enough-0123456789' });
    try {
      await session(c, c.app.get(SessionsService).issue(root.user)).expect(200);
      await session(c, tokenOfA).expect(401);
      await session(a, c.app.get(SessionsService).issue(root.user)).expect(401);
    } finally {
      await c.close();
    }
    await session(a, tokenOfA).expect(200);
    await session(b, tokenOfB).expect(200);
    await session(a, tokenOfB).expect(401);
  });
});
