import { hash, verify } from "@node-rs/argon2";

// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. Lives in db because the seed hashes demo passwords too.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
