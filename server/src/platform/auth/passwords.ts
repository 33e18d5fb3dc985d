import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

/** argon2id with the library's defaults (m=19456 KiB, t=2, p=1): memory-hard. */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

// A real hash of a random password, verified against when the account is unknown so that
// unknown and known accounts take the same time to answer.
let dummyHash: Promise<string> | null = null;
const getDummyHash = () => (dummyHash ??= hash(randomBytes(16).toString('hex')));

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  try {
    const ok = await verify(passwordHash ?? (await getDummyHash()), password);
    return passwordHash !== null && ok;
  } catch {
    return false;
  }
}
