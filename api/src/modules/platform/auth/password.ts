import { hash, verify } from '@node-rs/argon2';

// Argon2id with the library's defaults (memory-hard; ~20 ms here). Plain functions, no Nest, so the
// seed script can hash the demo password too.
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A valid hash of a random password, verified against when the e-mail is unknown so that timing does not reveal which accounts exist. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hash(`decoy-${Math.random()}-${Date.now()}`);
  return decoyHash;
}
