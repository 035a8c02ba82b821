import * as argon2 from 'argon2';

// argon2id with the library's defaults (64 MiB, t=3, p=4): the OWASP-recommended profile.
export const hashPassword = (plain: string) => argon2.hash(plain, { type: argon2.argon2id });

export async function verifyPassword(hash: string, plain: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, plain);
  } catch {
    return false;
  }
}

// Compared against when the email is unknown, so both paths take the same time.
let dummyHash: Promise<string> | undefined;
export const timingDummyHash = () => (dummyHash ??= hashPassword('not-a-real-password'));
