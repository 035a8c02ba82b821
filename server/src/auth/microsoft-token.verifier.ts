import { Inject, Injectable, Logger } from '@nestjs/common';
import { createRemoteJWKSet, errors, jwtVerify, type JWTPayload, type RemoteJWKSet } from 'jose';
import { APP_CONFIG, type AppConfig, type MicrosoftSignInConfig } from '../config/config';
import {
  hasScope,
  identityFromClaims,
  issuerAccepted,
  type MicrosoftIdentity,
  MicrosoftTokenError,
  type MicrosoftTokenProblem,
  tenantsRestricted,
} from './microsoft-token';

/** Seconds of clock difference forgiven on `exp` and `nbf`. */
export const MICROSOFT_CLOCK_TOLERANCE = 60;

/**
 * Verifies a Microsoft Entra ID access token for our API: RS256 signature against the issuer's
 * key set (fetched once and cached; a token signed with a key id we have not seen fetches the set
 * again, so rotated keys are picked up without a restart), audience, issuer/tenant, expiry,
 * not-before and the delegated scope.
 */
@Injectable()
export class MicrosoftTokenVerifier {
  private readonly settings: MicrosoftSignInConfig;
  private readonly keys: RemoteJWKSet | undefined;

  constructor(@Inject(APP_CONFIG) config: AppConfig) {
    this.settings = config.microsoft;
    this.keys = this.configured
      ? createRemoteJWKSet(new URL(this.settings.jwksUrl), {
          cooldownDuration: this.settings.jwksCooldownSeconds * 1000,
          timeoutDuration: 5000,
        })
      : undefined;
    if (this.configured && !tenantsRestricted(this.settings)) {
      new Logger('MicrosoftSignIn').warn(
        'Microsoft sign-in accepts accounts of every Entra ID tenant; set MS_TENANT_ID to the schools you trust.',
      );
    }
  }

  /** Without an audience there is nothing to check a token against. */
  get configured(): boolean {
    return this.settings.audiences.length > 0;
  }

  async verify(token: string): Promise<MicrosoftIdentity> {
    if (!this.keys) throw new MicrosoftTokenError('unavailable', 'not configured');
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.keys, {
        algorithms: ['RS256'],
        audience: this.settings.audiences,
        clockTolerance: MICROSOFT_CLOCK_TOLERANCE,
        requiredClaims: ['exp', 'iss', 'aud'],
      }));
    } catch (e) {
      throw new MicrosoftTokenError(problemOf(e), e instanceof Error ? e.message : String(e));
    }
    if (!issuerAccepted(payload, this.settings)) {
      throw new MicrosoftTokenError('issuer', `iss ${String(payload.iss)}, tid ${String(payload.tid)}`);
    }
    if (!hasScope(payload, this.settings.requiredScope)) throw new MicrosoftTokenError('scope', `scp ${String(payload.scp)}`);
    const identity = identityFromClaims(payload, { trustEmailClaim: tenantsRestricted(this.settings) });
    if (!identity) throw new MicrosoftTokenError('no-email');
    return identity;
  }
}

function problemOf(e: unknown): MicrosoftTokenProblem {
  if (e instanceof errors.JWTExpired) return 'expired';
  if (e instanceof errors.JWTClaimValidationFailed) {
    if (e.claim === 'nbf' || e.claim === 'iat') return 'expired';
    if (e.claim === 'aud') return 'audience';
    if (e.claim === 'iss') return 'issuer';
    return 'invalid';
  }
  // The key set could not be fetched or read: our side (or Microsoft's) is at fault, not the token.
  if (e instanceof errors.JWKSTimeout || e instanceof errors.JWKSInvalid) return 'unavailable';
  if (!(e instanceof errors.JOSEError) || e.code === 'ERR_JOSE_GENERIC') return 'unavailable';
  // a bad signature, an unknown key id, a malformed token, an algorithm we do not accept
  return 'invalid';
}
