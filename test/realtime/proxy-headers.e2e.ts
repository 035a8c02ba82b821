import { io } from 'socket.io-client';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, type TestTenant } from '../support/factories';

/** Opens a socket with these headers: 'connected', or 'refused' with the handshake's refusal. */
function handshake(url: string, token: string, headers: Record<string, string>): Promise<'connected' | 'refused'> {
  const socket = io(url, { auth: { token }, transports: ['websocket'], reconnection: false, forceNew: true, extraHeaders: headers });
  return new Promise((resolve) => {
    socket.once('connect', () => {
      socket.disconnect();
      resolve('connected');
    });
    socket.once('connect_error', () => {
      socket.disconnect();
      resolve('refused');
    });
  });
}

/**
 * A browser page may open a socket only from this server's own origin (or CLIENT_ORIGIN).
 * Behind a proxy the page's host arrives as X-Forwarded-Host, which is believed only from a proxy
 * TRUST_PROXY names; from anyone else it is their say-so, and the origin must match the Host itself.
 */
describe('the socket origin check behind proxies', () => {
  let trusting: TestApp;
  let distrusting: TestApp;
  let acme: TestTenant;
  const page = { Origin: 'https://console.example', 'X-Forwarded-Host': 'console.example' };

  beforeAll(async () => {
    // the tests connect from 127.0.0.1: trusted by the default (loopback), not by a proxy list without it
    trusting = await startTestApp({ TRUST_PROXY: 'loopback' });
    distrusting = await startTestApp({ TRUST_PROXY: '10.1.2.3' });
    acme = await buildTenant(trusting, 'Proxied');
  });
  afterAll(async () => {
    await trusting?.close();
    await distrusting?.close();
  });

  it('believes X-Forwarded-Host from a trusted proxy', async () => {
    expect(await handshake(trusting.url, acme.users.admin.token, page)).toBe('connected');
    expect(await handshake(trusting.url, acme.users.admin.token, { ...page, 'X-Forwarded-Host': 'console.example, inner.local' })).toBe(
      'connected',
    );
  });

  it('ignores X-Forwarded-Host from a peer that is not a trusted proxy', async () => {
    expect(await handshake(distrusting.url, acme.users.admin.token, page)).toBe('refused');
    // the page of the server's own Host still connects, whatever X-Forwarded-Host claims
    const own = { Origin: distrusting.url, 'X-Forwarded-Host': 'evil.example' };
    expect(await handshake(distrusting.url, acme.users.admin.token, own)).toBe('connected');
  });

  it('refuses another origin even from a trusted proxy', async () => {
    expect(
      await handshake(trusting.url, acme.users.admin.token, { Origin: 'https://evil.example', 'X-Forwarded-Host': 'console.example' }),
    ).toBe('refused');
  });
});
