import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { createServer as createHttpsServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type CryptoKey, exportJWK, generateKeyPair, type JWK, type JWTPayload, SignJWT } from 'jose';

/**
 * A stand-in for Microsoft Entra ID on loopback, for tests: signing keys of our own, the key set
 * they publish, and (for the browser) the authority's metadata, sign-in page and token endpoint.
 * Nothing here leaves the machine.
 */

export const TEST_TENANT_ID = '6f1c0de2-7d43-4b1a-9a51-3c1b1e0a7a11';
/** The API's app registration (the audience of access tokens) and the SPA's (the audience of id tokens). */
export const TEST_API_CLIENT_ID = '0b5c9a0e-6d2f-4c1e-8f3a-2a7d9e4b1c22';
/**
 * One app registration serves both here, so the two names hold one value (the tag tells the dead-code check so).
 * @alias
 */
export const TEST_SPA_CLIENT_ID = TEST_API_CLIENT_ID;
export const microsoftIssuer = (tid = TEST_TENANT_ID) => `https://login.microsoftonline.com/${tid}/v2.0`;

export interface SigningKey {
  kid: string;
  privateKey: CryptoKey;
  /** the public half as published in the key set */
  jwk: JWK;
}

export async function makeSigningKey(kid = `test-key-${randomBytes(4).toString('hex')}`): Promise<SigningKey> {
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  // Microsoft's published keys carry kid, use and kty (and no alg); so do ours.
  return { kid, privateKey, jwk: { ...(await exportJWK(publicKey)), kid, use: 'sig' } };
}

export interface TokenOptions {
  /** seconds from now; default -60 (issued a minute ago) */
  issuedAt?: number;
  /** seconds from now; default 3600 */
  expiresIn?: number;
  /** seconds from now; default issuedAt */
  notBefore?: number;
  /** kid written in the header; default the key's own */
  kid?: string;
}

/** Claims of a v2 access token for our API, as Entra ID issues them for the `access_as_user` scope. */
export function accessTokenClaims(email: string, overrides: JWTPayload = {}): JWTPayload {
  return {
    aud: TEST_API_CLIENT_ID,
    iss: microsoftIssuer(),
    tid: TEST_TENANT_ID,
    oid: randomUUID(),
    sub: randomBytes(16).toString('base64url'),
    scp: 'access_as_user',
    ver: '2.0',
    name: 'Test Person',
    preferred_username: email,
    ...overrides,
  };
}

export async function signToken(key: SigningKey, claims: JWTPayload, opts: TokenOptions = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const iat = now + (opts.issuedAt ?? -60);
  return new SignJWT({ iat, nbf: now + (opts.notBefore ?? opts.issuedAt ?? -60), exp: now + (opts.expiresIn ?? 3600), ...claims })
    .setProtectedHeader({ alg: 'RS256', typ: 'JWT', kid: opts.kid ?? key.kid })
    .sign(key.privateKey);
}

const listen = (server: Server, port = 0) =>
  new Promise<number>((ok, fail) => {
    server.once('error', fail);
    server.listen(port, '127.0.0.1', () => ok((server.address() as AddressInfo).port));
  });
const close = (server: Server) =>
  new Promise<void>((ok) => {
    server.closeAllConnections();
    server.close(() => ok());
  });

export interface KeySetServer {
  url: string;
  /** how many times the key set was fetched */
  readonly fetches: number;
  /** publish these keys from now on (a rotation) */
  publish: (keys: SigningKey[]) => void;
  /** answer every fetch with this status instead (null: serve the keys again) */
  failWith: (status: number | null) => void;
  close: () => Promise<void>;
}

/** The issuer's JSON Web Key Set on loopback (plain HTTP: it is the server that fetches it). */
export async function startKeySet(keys: SigningKey[]): Promise<KeySetServer> {
  let published = keys;
  let failure: number | null = null;
  let fetches = 0;
  const server = createHttpServer((req, res) => {
    if (req.method !== 'GET' || !req.url?.endsWith('/keys')) return void res.writeHead(404).end();
    fetches += 1;
    if (failure) return void res.writeHead(failure).end('{}');
    sendJson(res, 200, { keys: published.map((k) => k.jwk) });
  });
  const port = await listen(server);
  return {
    url: `http://127.0.0.1:${port}/common/discovery/v2.0/keys`,
    get fetches() {
      return fetches;
    },
    publish: (next) => (published = next),
    failWith: (status) => (failure = status),
    close: () => close(server),
  };
}

function sendJson(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Cache-Control': 'no-store', ...headers });
  res.end(JSON.stringify(body));
}

const readBody = (req: IncomingMessage) =>
  new Promise<string>((ok, fail) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => ok(data));
    req.on('error', fail);
  });

export interface StubAccount {
  email: string;
  name: string;
}

export interface IdentityProvider {
  /** https://127.0.0.1:port: the origin the browser talks to */
  origin: string;
  /** the authority the client is built with: origin + /tenant-id */
  authority: string;
  /** the `iss` of the tokens it issues */
  issuer: string;
  /** where the server fetches the key set (plain HTTP on loopback) */
  jwksUrl: string;
  /** the account the sign-in page offers */
  signInAs: (account: StubAccount) => void;
  /** requests seen, e.g. ['GET /authorize', 'POST /token authorization_code'] */
  readonly log: string[];
  close: () => Promise<void>;
}

/**
 * A stand-in Entra ID authority for the browser, on loopback over TLS (msal accepts only https
 * authorities; the test browser is told to accept the self-signed certificate). It serves the
 * OpenID metadata, a sign-in page with "Continue" and "Cancel", and a token endpoint that redeems
 * the code (checking PKCE) and a refresh token for id tokens and access tokens signed with `key`.
 */
export async function startIdentityProvider(opts: {
  key: SigningKey;
  apiClientId: string;
  spaClientId: string;
  tenantId?: string;
}): Promise<IdentityProvider> {
  const tid = opts.tenantId ?? TEST_TENANT_ID;
  const certDir = mkdtempSync(join(tmpdir(), 'idp-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'rsa:2048',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        join(certDir, 'key.pem'),
        '-out',
        join(certDir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
  } catch (e) {
    throw new Error(`The identity stub needs openssl to make its loopback certificate: ${(e as Error).message}`, { cause: e });
  }
  const tls = { key: readFileSync(join(certDir, 'key.pem')), cert: readFileSync(join(certDir, 'cert.pem')) };
  rmSync(certDir, { recursive: true, force: true });

  let account: StubAccount = { email: 'someone@example.test', name: 'Someone' };
  const log: string[] = [];
  const codes = new Map<string, { nonce: string; challenge: string; scope: string; account: StubAccount; clientId: string }>();
  const refreshTokens = new Map<string, StubAccount>();
  const oids = new Map<string, string>();
  let origin = '';
  const issuer = () => `${origin}/${tid}/v2.0`;
  const cors = {
    'Access-Control-Allow-Origin': '*',
    'Access-Control-Allow-Headers': '*',
    'Access-Control-Allow-Methods': 'GET, POST, OPTIONS',
  };

  const tokensFor = async (who: StubAccount, scope: string, clientId: string, nonce?: string) => {
    const oid = oids.get(who.email) ?? randomUUID();
    oids.set(who.email, oid);
    const now = Math.floor(Date.now() / 1000);
    const forApi = scope.split(' ').some((s) => s.startsWith(`api://${opts.apiClientId}/`));
    const grantedScopes = scope.split(' ').filter((s) => !['openid', 'profile', 'offline_access'].includes(s));
    const common = { iss: issuer(), tid, oid, sub: oid, name: who.name, preferred_username: who.email, ver: '2.0' };
    const accessClaims = forApi
      ? { ...common, aud: opts.apiClientId, scp: grantedScopes.map((s) => s.split('/').pop()).join(' ') }
      : { ...common, aud: '00000003-0000-0000-c000-000000000000', scp: grantedScopes.join(' ') };
    const idToken = await signToken(opts.key, { ...common, aud: clientId, ...(nonce ? { nonce } : {}) });
    const refreshToken = randomBytes(24).toString('base64url');
    refreshTokens.set(refreshToken, who);
    return {
      token_type: 'Bearer',
      scope: grantedScopes.join(' '),
      expires_in: 3600,
      ext_expires_in: 3600,
      access_token: await signToken(opts.key, accessClaims),
      refresh_token: refreshToken,
      refresh_token_expires_in: 86400,
      id_token: idToken,
      client_info: Buffer.from(JSON.stringify({ uid: oid, utid: tid })).toString('base64url'),
      iat: now,
    };
  };

  const handle = async (req: IncomingMessage, res: ServerResponse) => {
    const url = new URL(req.url ?? '/', origin);
    const path = url.pathname;
    if (req.method === 'OPTIONS') return void res.writeHead(204, cors).end();
    if (path.endsWith('/.well-known/openid-configuration')) {
      log.push('GET /openid-configuration');
      return sendJson(
        res,
        200,
        {
          issuer: issuer(),
          authorization_endpoint: `${origin}/${tid}/oauth2/v2.0/authorize`,
          token_endpoint: `${origin}/${tid}/oauth2/v2.0/token`,
          end_session_endpoint: `${origin}/${tid}/oauth2/v2.0/logout`,
          jwks_uri: `${origin}/${tid}/discovery/v2.0/keys`,
          response_modes_supported: ['query', 'fragment', 'form_post'],
          response_types_supported: ['code', 'id_token', 'code id_token', 'id_token token'],
          scopes_supported: ['openid', 'profile', 'email', 'offline_access'],
          subject_types_supported: ['pairwise'],
          id_token_signing_alg_values_supported: ['RS256'],
          token_endpoint_auth_methods_supported: ['client_secret_post', 'private_key_jwt', 'client_secret_basic'],
          code_challenge_methods_supported: ['S256'],
          tenant_region_scope: 'EU',
          cloud_instance_name: 'microsoftonline.com',
        },
        cors,
      );
    }
    if (path.endsWith('/discovery/v2.0/keys')) return sendJson(res, 200, { keys: [opts.key.jwk] }, cors);
    if (path.endsWith('/oauth2/v2.0/authorize')) {
      log.push('GET /authorize');
      const q = url.searchParams;
      const redirect = q.get('redirect_uri') ?? '';
      const state = q.get('state') ?? '';
      const mode = q.get('response_mode') === 'query' ? '?' : '#';
      const code = randomBytes(18).toString('base64url');
      codes.set(code, {
        nonce: q.get('nonce') ?? '',
        challenge: q.get('code_challenge') ?? '',
        scope: q.get('scope') ?? '',
        account,
        clientId: q.get('client_id') ?? '',
      });
      const info = Buffer.from(JSON.stringify({ uid: 'x', utid: tid })).toString('base64url');
      const ok = `${redirect}${mode}${new URLSearchParams({ code, client_info: info, state, session_state: randomUUID() })}`;
      const cancel = `${redirect}${mode}${new URLSearchParams({ error: 'access_denied', error_description: 'AADSTS65004: User declined to consent to access the app.', state })}`;
      res.writeHead(200, { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': 'no-store' });
      return void res.end(`<!doctype html><html><head><title>Sign in to your account</title></head><body>
<h1>Pick an account</h1><p>${escapeHtml(account.name)} (${escapeHtml(account.email)})</p>
<a id="continue" href="${escapeHtml(ok)}">Continue as ${escapeHtml(account.email)}</a>
<a id="cancel" href="${escapeHtml(cancel)}">Cancel</a></body></html>`);
    }
    if (path.endsWith('/oauth2/v2.0/token') && req.method === 'POST') {
      const form = new URLSearchParams(await readBody(req));
      const grant = form.get('grant_type');
      log.push(`POST /token ${grant}`);
      const scope = form.get('scope') ?? '';
      const clientId = form.get('client_id') ?? '';
      if (grant === 'authorization_code') {
        const code = codes.get(form.get('code') ?? '');
        codes.delete(form.get('code') ?? '');
        const verifier = form.get('code_verifier') ?? '';
        if (!code || createHash('sha256').update(verifier).digest('base64url') !== code.challenge) {
          return sendJson(
            res,
            400,
            { error: 'invalid_grant', error_description: 'AADSTS70008: The provided authorization code or PKCE verifier is invalid.' },
            cors,
          );
        }
        return sendJson(res, 200, await tokensFor(code.account, scope || code.scope, clientId, code.nonce), cors);
      }
      if (grant === 'refresh_token') {
        const who = refreshTokens.get(form.get('refresh_token') ?? '');
        if (!who) {
          return sendJson(res, 400, { error: 'invalid_grant', error_description: 'AADSTS700082: The refresh token has expired.' }, cors);
        }
        return sendJson(res, 200, await tokensFor(who, scope, clientId), cors);
      }
      return sendJson(res, 400, { error: 'unsupported_grant_type' }, cors);
    }
    res.writeHead(404, cors).end();
  };
  const onRequest = (req: IncomingMessage, res: ServerResponse) => {
    handle(req, res).catch((e: unknown) => sendJson(res, 500, { error: 'server_error', error_description: String(e) }, cors));
  };

  const https = createHttpsServer(tls, onRequest);
  const port = await listen(https);
  origin = `https://127.0.0.1:${port}`;
  // the same keys in plain HTTP, for the server under test
  const keys = createHttpServer((req, res) =>
    req.url?.endsWith('/keys') ? sendJson(res, 200, { keys: [opts.key.jwk] }) : void res.writeHead(404).end(),
  );
  const keysPort = await listen(keys);
  return {
    origin,
    authority: `${origin}/${tid}`,
    issuer: issuer(),
    jwksUrl: `http://127.0.0.1:${keysPort}/${tid}/discovery/v2.0/keys`,
    signInAs: (next) => (account = next),
    log,
    close: async () => {
      await Promise.all([close(https as unknown as Server), close(keys)]);
    },
  };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}
