import { createHash, randomBytes } from 'node:crypto';

/** How long an invitation link works (docs/domain.md, "Drivers"). */
export const INVITE_TTL_HOURS = 72;

/** 32 random bytes, base64url: the secret in the link, shown once and never stored. */
export const newInviteToken = (): string => randomBytes(32).toString('base64url');

/** What the database keeps of a token: its SHA-256, lower-case hex. */
export const inviteTokenHash = (token: string): string => createHash('sha256').update(token).digest('hex');

/** Whether a string can be a token at all (43 base64url characters): anything else is not found without a lookup. */
export const looksLikeInviteToken = (token: string): boolean => /^[A-Za-z0-9_-]{43}$/.test(token);

/** The sign-up page of a token on the console at `origin` (the client's `/join/:token` route). */
export const inviteUrl = (origin: string, token: string): string => `${origin}/join/${token}`;
