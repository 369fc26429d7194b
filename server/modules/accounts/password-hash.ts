import { hash, verify } from "@node-rs/argon2";

/**
 * argon2id with OWASP's first recommended setting (m=19 MiB, t=2, p=1). The parameters
 * travel inside each hash, so raising them later only affects new hashes.
 */
const options = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, options);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

let dummyHash: Promise<string> | undefined;

/**
 * Checks the password against a hash of nothing in particular: sign-in does this when no
 * account matches, so that a missing account costs as much time as a wrong password.
 */
export async function verifyAgainstDummy(password: string): Promise<false> {
  dummyHash ??= hashPassword("not-a-real-password-for-timing-only");
  await verifyPassword(await dummyHash, password);
  return false;
}
