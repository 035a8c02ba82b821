import { consoleOrigin } from './driver-invite.origin';
import { inviteTokenHash, inviteUrl, looksLikeInviteToken, newInviteToken } from './driver-invite.tokens';

describe('the invitation link', () => {
  const req = (host: string, origin?: string, protocol = 'http') => ({ headers: origin ? { origin } : {}, host, protocol });

  it('is on the configured console that asked, else on this server as the caller reached it', () => {
    const consoles = ['https://console.example'];
    expect(consoleOrigin(req('api.internal:3000', 'https://console.example'), consoles)).toBe('https://console.example');
    expect(consoleOrigin(req('console.example', 'https://evil.example', 'https'), consoles)).toBe('https://console.example');
    expect(consoleOrigin(req('localhost:3000', 'https://evil.example'), [])).toBe('http://localhost:3000');
    expect(consoleOrigin(req('[::1]:3000'), [])).toBe('http://[::1]:3000');
  });

  it('never carries a host that could break out of the link', () => {
    expect(consoleOrigin(req('evil.example/phish?x='), ['https://console.example'])).toBe('https://console.example');
    expect(consoleOrigin(req('a b'), [])).toBe('http://localhost');
  });

  it('carries a fresh 43-character token, of which only a hash is kept', () => {
    const [one, two] = [newInviteToken(), newInviteToken()];
    expect(one).not.toBe(two);
    expect(looksLikeInviteToken(one)).toBe(true);
    expect(looksLikeInviteToken(`${one}x`)).toBe(false);
    expect(inviteTokenHash(one)).toMatch(/^[0-9a-f]{64}$/);
    expect(inviteUrl('https://console.example', one)).toBe(`https://console.example/join/${one}`);
  });
});
