import type { JWTPayload } from 'jose';
import type { MicrosoftSignInConfig } from '../config/config';

/** Why a Microsoft access token was refused; each maps to one status and message. */
export type MicrosoftTokenProblem = 'invalid' | 'expired' | 'audience' | 'issuer' | 'scope' | 'no-email' | 'unavailable';

export class MicrosoftTokenError extends Error {
  constructor(
    readonly problem: MicrosoftTokenProblem,
    detail?: string,
  ) {
    super(detail ? `${problem}: ${detail}` : problem);
    this.name = 'MicrosoftTokenError';
  }
}

/** Who a verified token speaks for. */
export interface MicrosoftIdentity {
  email: string;
  name: string | null;
  /** Entra ID tenant (`tid`) and object id (`oid`) of the account. */
  tenantId: string | null;
  objectId: string | null;
}

const claim = (payload: JWTPayload, name: string): string | undefined => {
  const value = payload[name];
  return typeof value === 'string' && value.trim() ? value.trim() : undefined;
};

/**
 * The issuer check. With `MS_ALLOWED_ISSUERS` the `iss` must be one of them. Otherwise (the
 * common/organizations authority) it must be Microsoft's issuer for the token's own tenant, v2
 * `https://login.microsoftonline.com/{tid}/v2.0` or v1 `https://sts.windows.net/{tid}/`: a key of
 * the shared key set cannot vouch for another tenant's issuer. `MS_TENANT_ID` narrows the tenants.
 */
export function issuerAccepted(payload: JWTPayload, settings: Pick<MicrosoftSignInConfig, 'allowedIssuers' | 'tenantIds'>): boolean {
  const iss = claim(payload, 'iss');
  if (!iss) return false;
  const tid = claim(payload, 'tid')?.toLowerCase();
  if (settings.tenantIds.length > 0 && (!tid || !settings.tenantIds.includes(tid))) return false;
  if (settings.allowedIssuers.length > 0) return settings.allowedIssuers.includes(iss);
  if (!tid) return false;
  return iss.toLowerCase() === `https://login.microsoftonline.com/${tid}/v2.0` || iss.toLowerCase() === `https://sts.windows.net/${tid}/`;
}

/** Delegated scopes are one space-separated `scp` claim. */
export function hasScope(payload: JWTPayload, scope: string): boolean {
  return (claim(payload, 'scp') ?? '').split(' ').includes(scope);
}

const EMAIL = /^[^\s@]+@[^\s@]+$/;

/**
 * The account's e-mail, lower-cased: `email`, else `preferred_username` (v2), else `upn` (v1).
 * A tenant's admins can write any address into a user's `email` without proving they own it
 * ("nOAuth"), so that claim counts only when Microsoft marks its domain verified (`xms_edov`) or
 * when the tenants are ours to trust (`trustEmailClaim`). `preferred_username` and `upn` carry the
 * UPN, whose domain the tenant must have verified.
 */
export function emailFromClaims(payload: JWTPayload, opts: { trustEmailClaim: boolean }): string | null {
  const verified = opts.trustEmailClaim || payload.xms_edov === true || payload.xms_edov === 'true' || payload.xms_edov === '1';
  for (const name of verified ? ['email', 'preferred_username', 'upn'] : ['preferred_username', 'upn']) {
    const value = claim(payload, name);
    if (value && EMAIL.test(value)) return value.toLowerCase();
  }
  return null;
}

/** Tenants are restricted when the settings name them, or name the exact issuers. */
export const tenantsRestricted = (settings: Pick<MicrosoftSignInConfig, 'allowedIssuers' | 'tenantIds'>) =>
  settings.allowedIssuers.length > 0 || settings.tenantIds.length > 0;

export function identityFromClaims(payload: JWTPayload, opts: { trustEmailClaim: boolean }): MicrosoftIdentity | null {
  const email = emailFromClaims(payload, opts);
  if (!email) return null;
  return { email, name: claim(payload, 'name') ?? null, tenantId: claim(payload, 'tid') ?? null, objectId: claim(payload, 'oid') ?? null };
}
