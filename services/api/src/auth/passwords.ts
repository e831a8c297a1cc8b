import { createHash, randomBytes, scrypt, timingSafeEqual } from "node:crypto";

// scrypt from node:crypto: no native addon to build. N=2^15, r=8, p=1 (OWASP's floor for scrypt).
const params = { N: 32768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 };
const keyLength = 32;

function derive(password: string, salt: Buffer): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, keyLength, params, (error, key) => (error ? reject(error) : resolve(key))),
  );
}

/** `scrypt$N$r$p$salt$hash`, base64url parts. */
export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await derive(password, salt);
  return ["scrypt", params.N, params.r, params.p, salt.toString("base64url"), key.toString("base64url")].join("$");
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [scheme, n, r, p, salt, hash] = stored.split("$");
  if (
    scheme !== "scrypt" ||
    !salt ||
    !hash ||
    Number(n) !== params.N ||
    Number(r) !== params.r ||
    Number(p) !== params.p
  ) {
    return false;
  }
  const key = await derive(password, Buffer.from(salt, "base64url"));
  const expected = Buffer.from(hash, "base64url");
  return expected.length === key.length && timingSafeEqual(expected, key);
}

/** A high-entropy secret (session token, reset token) and the hash we keep of it. */
export function newSecret(): { secret: string; hash: string } {
  const secret = randomBytes(32).toString("base64url");
  return { secret, hash: hashSecret(secret) };
}

export function hashSecret(secret: string): string {
  return createHash("sha256").update(secret).digest("base64url");
}
