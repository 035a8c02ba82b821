import { SignJWT } from 'jose';
import { User } from '../../server/src/users/user.entity';
import { useApiWorld } from '../support/api-world';
import { type TestApp, startTestApp } from '../support/app';
import { buildTenant, buildUser, type TestTenant, uniq } from '../support/factories';
import {
  accessTokenClaims,
  type KeySetServer,
  makeSigningKey,
  microsoftIssuer,
  type SigningKey,
  signToken,
  startKeySet,
  TEST_API_CLIENT_ID,
  TEST_TENANT_ID,
} from '../support/microsoft-identity';

const LOGIN = '/api/auth/login-microsoft';
const OTHER_TENANT = '0d7e5a3c-1f2b-4c6d-9e8f-7a6b5c4d3e2f';

// Each test gets an address of its own (the app trusts X-Forwarded-For from loopback), so the
// per-address sign-in limit of one test never spills into another.
let address = 0;
const fromNewAddress = () => `198.51.100.${++address}`;

describe('POST /auth/login-microsoft', () => {
  let key: SigningKey;
  let keySet: KeySetServer;
  let t: TestApp, acme: TestTenant;

  const signIn = (token: string | null) => {
    const req = t.http().post(LOGIN).set('X-Forwarded-For', fromNewAddress()).send({});
    return token === null ? req : req.set('Authorization', `Bearer ${token}`);
  };

  beforeAll(async () => {
    key = await makeSigningKey();
    keySet = await startKeySet([key]);
  });
  afterAll(() => keySet?.close());
  useApiWorld(
    {
      tenants: ['Acme'],
      // Cool-down 0: an unknown key id fetches the key set again at once (the rotation test relies on it).
      env: () => ({ MS_JWKS_URL: keySet.url, MS_AUDIENCE: `${TEST_API_CLIENT_ID},api://${TEST_API_CLIENT_ID}`, MS_JWKS_COOLDOWN: '0' }),
    },
    (w) => {
      ({ t } = w);
      [acme] = w.tenants;
    },
  );

  describe('with a good token', () => {
    it('signs the approved user with that e-mail in, answering {token, user} like /auth/login', async () => {
      const { user } = acme.users.staffA;
      const res = await signIn(await signToken(key, accessTokenClaims(user.email.toUpperCase()))).expect(200);
      expect(Object.keys(res.body).sort()).toEqual(['token', 'user']);
      expect(res.body.user).toMatchObject({
        id: user.id,
        email: user.email,
        role: 'school_staff',
        tenant_id: acme.tenant.id,
        active_org_id: acme.orgs.schoolA.id,
      });
      const session = await t.http().get('/api/auth/session').set('Authorization', `Bearer ${res.body.token}`).expect(200);
      expect(session.body.user.id).toBe(user.id);
    });

    it('accepts a v1 token: the sts.windows.net issuer, the api:// audience and the e-mail in upn', async () => {
      const { user } = acme.users.finance;
      const claims = accessTokenClaims('', {
        iss: `https://sts.windows.net/${TEST_TENANT_ID}/`,
        aud: `api://${TEST_API_CLIENT_ID}`,
        ver: '1.0',
        upn: user.email,
      });
      delete claims.preferred_username;
      const res = await signIn(await signToken(key, claims)).expect(200);
      expect(res.body.user.id).toBe(user.id);
    });

    it('takes the email claim when Microsoft marks its domain verified (xms_edov)', async () => {
      const { user } = acme.users.busA;
      const res = await signIn(
        await signToken(key, accessTokenClaims('alias@elsewhere.test', { email: user.email, xms_edov: true })),
      ).expect(200);
      expect(res.body.user.id).toBe(user.id);
    });

    it('passes over an unverified email claim from a tenant it was not told to trust (nOAuth)', async () => {
      const victim = acme.users.admin.user;
      const res = await signIn(await signToken(key, accessTokenClaims(`mallory.${uniq()}@evil.test`, { email: victim.email }))).expect(404);
      expect(res.body.message).toBe('No account for this email yet. Register first.');
    });

    it('forgives a clock that is a little off', async () => {
      const { user } = acme.users.admin;
      await signIn(await signToken(key, accessTokenClaims(user.email), { issuedAt: -3600, expiresIn: -20 })).expect(200);
      await signIn(await signToken(key, accessTokenClaims(user.email), { issuedAt: 20, notBefore: 20 })).expect(200);
    });

    it('fetches the key set once and verifies later tokens from the cache', async () => {
      const before = keySet.fetches;
      for (let i = 0; i < 3; i++) await signIn(await signToken(key, accessTokenClaims(acme.users.manager.user.email))).expect(200);
      expect(keySet.fetches).toBe(before);
    });
  });

  describe('refuses a token that does not verify', () => {
    it('signed by another key under the same key id (a wrong signature)', async () => {
      const impostor = await makeSigningKey(key.kid);
      const res = await signIn(await signToken(impostor, accessTokenClaims(acme.users.admin.user.email))).expect(401);
      expect(res.body).toEqual({ message: 'The Microsoft sign-in could not be verified. Please sign in again.' });
    });

    it('for another application (a wrong audience)', async () => {
      const res = await signIn(
        await signToken(key, accessTokenClaims(acme.users.admin.user.email, { aud: '00000003-0000-0000-c000-000000000000' })),
      ).expect(401);
      expect(res.body.message).toBe('This Microsoft token was not issued for this application.');
    });

    it('without our scope', async () => {
      const res = await signIn(await signToken(key, accessTokenClaims(acme.users.admin.user.email, { scp: 'User.Read' }))).expect(401);
      expect(res.body.message).toBe('This Microsoft token was not issued for this application.');
    });

    it.each([
      ['an issuer that is not Microsoft', { iss: 'https://login.example.test/v2.0' }],
      ["another tenant's issuer than the token's own tid", { iss: microsoftIssuer(OTHER_TENANT) }],
      ['no tenant id', { tid: undefined }],
    ])('from %s (a wrong issuer)', async (_label, overrides) => {
      const res = await signIn(await signToken(key, accessTokenClaims(acme.users.admin.user.email, overrides))).expect(401);
      expect(res.body.message).toBe("Your Microsoft account's organization is not allowed to sign in here.");
    });

    it('that has expired', async () => {
      const res = await signIn(
        await signToken(key, accessTokenClaims(acme.users.admin.user.email), { issuedAt: -7200, expiresIn: -600 }),
      ).expect(401);
      expect(res.body.message).toBe('The Microsoft sign-in has expired or is not valid yet. Please sign in again.');
    });

    it('that is not valid yet', async () => {
      const res = await signIn(
        await signToken(key, accessTokenClaims(acme.users.admin.user.email), { issuedAt: 0, notBefore: 600 }),
      ).expect(401);
      expect(res.body.message).toBe('The Microsoft sign-in has expired or is not valid yet. Please sign in again.');
    });

    it('that names no expiry', async () => {
      const now = Math.floor(Date.now() / 1000);
      const token = await new SignJWT({ ...accessTokenClaims(acme.users.admin.user.email), iat: now })
        .setProtectedHeader({ alg: 'RS256', kid: key.kid })
        .sign(key.privateKey);
      await signIn(token).expect(401);
    });

    it('signed with a key the key set does not hold', async () => {
      const stranger = await makeSigningKey();
      const res = await signIn(await signToken(stranger, accessTokenClaims(acme.users.admin.user.email))).expect(401);
      expect(res.body.message).toBe('The Microsoft sign-in could not be verified. Please sign in again.');
    });

    it('signed with a shared secret or not signed at all', async () => {
      const hs = await new SignJWT(accessTokenClaims(acme.users.admin.user.email))
        .setProtectedHeader({ alg: 'HS256', kid: key.kid })
        .setExpirationTime('1h')
        .sign(new TextEncoder().encode('x'.repeat(32)));
      await signIn(hs).expect(401);
      const payload = (await signToken(key, accessTokenClaims(acme.users.admin.user.email))).split('.')[1];
      const unsigned = `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${payload}.`;
      await signIn(unsigned).expect(401);
    });

    it('that carries no e-mail', async () => {
      const claims = accessTokenClaims('not-an-email');
      const res = await signIn(await signToken(key, claims)).expect(401);
      expect(res.body.message).toBe('Your Microsoft account did not share an email address.');
    });
  });

  describe('a key rotation', () => {
    it('is picked up without a restart, and the retired key stops working', async () => {
      const email = acme.users.busB.user.email;
      const retired = key;
      await signIn(await signToken(retired, accessTokenClaims(email))).expect(200);

      const next = await makeSigningKey();
      keySet.publish([next]);
      const fetches = keySet.fetches;
      const res = await signIn(await signToken(next, accessTokenClaims(email))).expect(200);
      expect(res.body.user.id).toBe(acme.users.busB.user.id);
      expect(keySet.fetches).toBe(fetches + 1);

      await signIn(await signToken(retired, accessTokenClaims(email))).expect(401);
      key = next;
    });

    it('answers 503, not 401, when the key set cannot be fetched', async () => {
      keySet.failWith(500);
      try {
        const res = await signIn(await signToken(await makeSigningKey(), accessTokenClaims(acme.users.admin.user.email))).expect(503);
        expect(res.body).toEqual({ message: 'Microsoft sign-in is unavailable right now. Please try again later.' });
      } finally {
        keySet.failWith(null);
      }
      await signIn(await signToken(key, accessTokenClaims(acme.users.admin.user.email))).expect(200);
    });
  });

  describe('a verified e-mail', () => {
    it('with no account answers 404 with the words the Register page shows', async () => {
      const res = await signIn(await signToken(key, accessTokenClaims(`new.${uniq()}@example.test`))).expect(404);
      expect(res.body).toEqual({ message: 'No account for this email yet. Register first.' });
    });

    it('of a pending account answers 403 awaiting approval, with no token', async () => {
      const res = await signIn(await signToken(key, accessTokenClaims(acme.pending.email))).expect(403);
      expect(res.body).toEqual({ message: 'Your account is awaiting admin approval.' });
    });

    it('of an account set back to pending stops signing in', async () => {
      const u = await buildUser(t, { tenantId: acme.tenant.id, role: 'finance' });
      const token = await signToken(key, accessTokenClaims(u.user.email));
      await signIn(token).expect(200);
      await t.db.getRepository(User).update({ id: u.user.id }, { status: 'pending' });
      await signIn(token).expect(403);
    });
  });

  describe('without a usable Authorization header', () => {
    it.each([
      ['no header', null],
      ['a Basic header', 'Basic dXNlcjpwYXNz'],
      ['an empty Bearer', 'Bearer '],
    ])('answers 401 to %s', async (_label, header) => {
      const req = t.http().post(LOGIN).set('X-Forwarded-For', fromNewAddress()).send({});
      const res = await (header === null ? req : req.set('Authorization', header)).expect(401);
      expect(res.body).toEqual({ message: 'A Microsoft access token is required (Authorization: Bearer).' });
    });

    it('answers 401 to a Bearer that is not a token, and to our own session token', async () => {
      await signIn('not.a.token').expect(401);
      await signIn(acme.users.admin.token).expect(401);
    });
  });
});

describe('POST /auth/login-microsoft, restricted to one tenant', () => {
  let key: SigningKey;
  let keySet: KeySetServer;
  let t: TestApp;
  let email: string;

  beforeAll(async () => {
    key = await makeSigningKey();
    keySet = await startKeySet([key]);
    // The default cool-down: a burst of unknown key ids must not turn into a burst of fetches.
    t = await startTestApp({ MS_JWKS_URL: keySet.url, MS_AUDIENCE: TEST_API_CLIENT_ID, MS_TENANT_ID: TEST_TENANT_ID.toUpperCase() });
    const tenant = await buildTenant(t, 'Solo');
    email = tenant.users.staffB.user.email;
  });
  afterAll(async () => {
    await t?.close();
    await keySet?.close();
  });

  const signIn = (token: string) =>
    t.http().post(LOGIN).set('X-Forwarded-For', fromNewAddress()).set('Authorization', `Bearer ${token}`).send({});

  it("accepts its own tenant and refuses another tenant's account, even with that tenant's own issuer", async () => {
    await signIn(await signToken(key, accessTokenClaims(email))).expect(200);
    const res = await signIn(
      await signToken(key, accessTokenClaims(email, { tid: OTHER_TENANT, iss: microsoftIssuer(OTHER_TENANT) })),
    ).expect(401);
    expect(res.body.message).toBe("Your Microsoft account's organization is not allowed to sign in here.");
  });

  it('takes the email claim of a tenant it was told to trust', async () => {
    await signIn(await signToken(key, accessTokenClaims(`alias.${uniq()}@solo.test`, { email }))).expect(200);
  });

  it('does not fetch the key set again for every unknown key id', async () => {
    await signIn(await signToken(key, accessTokenClaims(email))).expect(200);
    const fetches = keySet.fetches;
    for (let i = 0; i < 5; i++) await signIn(await signToken(await makeSigningKey(), accessTokenClaims(email))).expect(401);
    expect(keySet.fetches).toBe(fetches);
  });
});

describe('POST /auth/login-microsoft, not configured', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ LOGIN_ADDRESS_RATE_LIMIT: '3' });
  });
  afterAll(() => t?.close());

  it('answers 503 with a message, whatever the token', async () => {
    const res = await t
      .http()
      .post(LOGIN)
      .set('X-Forwarded-For', fromNewAddress())
      .set('Authorization', 'Bearer x.y.z')
      .send({})
      .expect(503);
    expect(res.body).toEqual({ message: 'Microsoft sign-in is not configured on this server.' });
  });

  it('limits repeated attempts per address, like /auth/login', async () => {
    const ip = fromNewAddress();
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) codes.push((await t.http().post(LOGIN).set('X-Forwarded-For', ip).send({})).status);
    expect(codes).toEqual([503, 503, 503, 429, 429]);
    await t.http().post(LOGIN).set('X-Forwarded-For', fromNewAddress()).send({}).expect(503);
  });
});
