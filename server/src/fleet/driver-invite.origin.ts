import type { Request } from 'express';

// A host name, IPv4 address or bracketed IPv6 address, and a port: nothing that could break out of a link.
const PLAIN_HOST = /^(?:[A-Za-z0-9.-]+|\[[0-9A-Fa-f:.]+\])(?::\d{1,5})?$/;

/**
 * Where the console that asked for an invitation is served, for the link in it: the page's Origin when it is a
 * configured client origin (CLIENT_ORIGIN, a console served apart from the API), else this server as the caller
 * reached it (`req.protocol` and `req.host`, which believe X-Forwarded-Proto and -Host only from a TRUST_PROXY proxy).
 */
export function consoleOrigin(req: Pick<Request, 'headers' | 'protocol' | 'host'>, clientOrigins: readonly string[]): string {
  const origin = req.headers.origin;
  if (origin && clientOrigins.includes(origin)) return origin;
  const host = req.host;
  if (host && PLAIN_HOST.test(host)) return `${req.protocol}://${host}`;
  return clientOrigins[0] ?? 'http://localhost';
}
