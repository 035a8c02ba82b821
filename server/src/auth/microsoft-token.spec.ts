import { ConfigError, loadConfig } from '../config/config';
import { emailFromClaims, hasScope, issuerAccepted } from './microsoft-token';

const TID = '6f1c0de2-7d43-4b1a-9a51-3c1b1e0a7a11';
const OTHER = '0d7e5a3c-1f2b-4c6d-9e8f-7a6b5c4d3e2f';
const anyTenant = { allowedIssuers: [], tenantIds: [] };

describe('issuerAccepted', () => {
  it("accepts Microsoft's v2 and v1 issuers of the token's own tenant (the common authority)", () => {
    expect(issuerAccepted({ iss: `https://login.microsoftonline.com/${TID}/v2.0`, tid: TID }, anyTenant)).toBe(true);
    expect(issuerAccepted({ iss: `https://sts.windows.net/${TID}/`, tid: TID }, anyTenant)).toBe(true);
  });

  it("refuses another tenant's issuer, a foreign issuer, and a token without tid", () => {
    expect(issuerAccepted({ iss: `https://login.microsoftonline.com/${OTHER}/v2.0`, tid: TID }, anyTenant)).toBe(false);
    expect(issuerAccepted({ iss: `https://login.example.test/${TID}/v2.0`, tid: TID }, anyTenant)).toBe(false);
    expect(issuerAccepted({ iss: 'https://login.microsoftonline.com/{tenantid}/v2.0', tid: '{tenantid}x' }, anyTenant)).toBe(false);
    expect(issuerAccepted({ iss: `https://login.microsoftonline.com/${TID}/v2.0` }, anyTenant)).toBe(false);
    expect(issuerAccepted({ tid: TID }, anyTenant)).toBe(false);
  });

  it('narrows to the allowed tenants', () => {
    const only = { allowedIssuers: [], tenantIds: [TID] };
    expect(issuerAccepted({ iss: `https://login.microsoftonline.com/${TID}/v2.0`, tid: TID }, only)).toBe(true);
    expect(issuerAccepted({ iss: `https://login.microsoftonline.com/${OTHER}/v2.0`, tid: OTHER }, only)).toBe(false);
  });

  it('takes an explicit issuer list as it is', () => {
    const listed = { allowedIssuers: ['https://login.microsoftonline.us/abc/v2.0'], tenantIds: [] };
    expect(issuerAccepted({ iss: 'https://login.microsoftonline.us/abc/v2.0', tid: 'abc' }, listed)).toBe(true);
    expect(issuerAccepted({ iss: `https://login.microsoftonline.com/${TID}/v2.0`, tid: TID }, listed)).toBe(false);
  });
});

describe('emailFromClaims', () => {
  const trusted = { trustEmailClaim: true };
  const untrusted = { trustEmailClaim: false };

  it('reads email, then preferred_username, then upn, lower-cased', () => {
    expect(emailFromClaims({ email: 'A@B.test', preferred_username: 'c@d.test' }, trusted)).toBe('a@b.test');
    expect(emailFromClaims({ preferred_username: ' C@D.test ', upn: 'e@f.test' }, trusted)).toBe('c@d.test');
    expect(emailFromClaims({ preferred_username: '+15551234567', upn: 'E@F.test' }, trusted)).toBe('e@f.test');
  });

  it('passes over an email claim whose domain is not verified, from tenants not restricted (nOAuth)', () => {
    expect(emailFromClaims({ email: 'admin@school.test', preferred_username: 'mallory@evil.test' }, untrusted)).toBe('mallory@evil.test');
    expect(emailFromClaims({ email: 'admin@school.test' }, untrusted)).toBeNull();
    expect(emailFromClaims({ email: 'admin@school.test', xms_edov: true, preferred_username: 'x@y.test' }, untrusted)).toBe(
      'admin@school.test',
    );
  });

  it('finds none when no claim looks like an address', () => {
    expect(emailFromClaims({ preferred_username: 'live.com#someone', email: 42 }, trusted)).toBeNull();
    expect(emailFromClaims({}, trusted)).toBeNull();
  });
});

describe('hasScope', () => {
  it('looks for the scope among the space-separated scp', () => {
    expect(hasScope({ scp: 'User.Read access_as_user' }, 'access_as_user')).toBe(true);
    expect(hasScope({ scp: 'access_as_user_extra' }, 'access_as_user')).toBe(false);
    expect(hasScope({ roles: ['access_as_user'] }, 'access_as_user')).toBe(false);
  });
});

describe('Microsoft sign-in settings', () => {
  const load = (env: Record<string, string>) => loadConfig({ NODE_ENV: 'test', DATA_DIR: 'memory://', ...env }).microsoft;

  it('defaults to the common key set, no audience (not configured) and the access_as_user scope', () => {
    expect(load({})).toEqual({
      jwksUrl: 'https://login.microsoftonline.com/common/discovery/v2.0/keys',
      audiences: [],
      allowedIssuers: [],
      tenantIds: [],
      requiredScope: 'access_as_user',
      jwksCooldownSeconds: 30,
      loginOrigins: ['https://login.microsoftonline.com'],
    });
  });

  it('reads comma lists', () => {
    const ms = load({
      MS_AUDIENCE: 'abc, api://abc',
      MS_TENANT_ID: `${TID.toUpperCase()},${OTHER}`,
      MS_ALLOWED_ISSUERS: 'https://sts.windows.net/x/',
      MS_LOGIN_ORIGIN: 'https://a.test/path, https://b.test',
    });
    expect(ms.audiences).toEqual(['abc', 'api://abc']);
    expect(ms.tenantIds).toEqual([TID, OTHER]);
    expect(ms.allowedIssuers).toEqual(['https://sts.windows.net/x/']);
    expect(ms.loginOrigins).toEqual(['https://a.test', 'https://b.test']);
  });

  it('refuses a key set URL or an issuer that is not a URL', () => {
    expect(() => load({ MS_JWKS_URL: 'keys.json' })).toThrow(ConfigError);
    expect(() => load({ MS_ALLOWED_ISSUERS: 'not a url' })).toThrow(/MS_ALLOWED_ISSUERS/);
  });
});
