// OWASP's argon2id parameters: 19 MiB, 2 iterations, 1 lane. Lives in db because the seed hashes demo passwords too.
const OPTIONS = { algorithm: 2 /* Argon2id */, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

/** The native argon2 binding loads with the first password checked or set, not at every start. */
const argon2 = () => import("@node-rs/argon2");

export async function hashPassword(password: string): Promise<string> {
  return (await argon2()).hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  const { verify } = await argon2();
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}
