import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

/** A 32-byte AES-256 key and the id stored beside everything it seals. */
export interface SecretKey {
  id: string;
  key: Buffer;
}

/** The key that seals new secrets, and every key that may still open older ones (a rotation's old key). */
export interface SecretKeyring {
  current: SecretKey;
  previous: readonly SecretKey[];
}

export interface Sealed {
  keyId: string;
  iv: Buffer;
  tag: Buffer;
  ciphertext: Buffer;
}

/** A secret that cannot be opened: an unknown key, or bytes changed since they were sealed. Never says which byte. */
export class SecretUnreadableError extends Error {
  constructor(reason: "unknown key" | "tampered") {
    super(`The stored secret cannot be read (${reason})`);
    this.name = "SecretUnreadableError";
  }
}

const IV_BYTES = 12;
const TAG_BYTES = 16;

/** The id names the key without revealing it: the start of its SHA-256. */
export function secretKey(key: Buffer): SecretKey {
  if (key.length !== 32) throw new Error(`A credentials key is 32 bytes, not ${key.length}`);
  return { id: createHash("sha256").update(key).digest("hex").slice(0, 16), key };
}

/**
 * AES-256-GCM with a fresh random IV per secret. `context` (the credential's id) is bound in as
 * associated data, so a sealed secret copied onto another credential's row does not open there.
 */
export function seal(keyring: SecretKeyring, plaintext: string, context: string): Sealed {
  const { id, key } = keyring.current;
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv, { authTagLength: TAG_BYTES });
  cipher.setAAD(Buffer.from(context, "utf8"));
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return { keyId: id, iv, tag: cipher.getAuthTag(), ciphertext };
}

/** Opens what `seal` sealed, or fails closed with SecretUnreadableError. */
export function open(keyring: SecretKeyring, sealed: Sealed, context: string): string {
  const key = [keyring.current, ...keyring.previous].find((each) => each.id === sealed.keyId);
  if (!key) throw new SecretUnreadableError("unknown key");
  if (sealed.iv.length !== IV_BYTES || sealed.tag.length !== TAG_BYTES) throw new SecretUnreadableError("tampered");
  try {
    const decipher = createDecipheriv("aes-256-gcm", key.key, sealed.iv, { authTagLength: TAG_BYTES });
    decipher.setAAD(Buffer.from(context, "utf8"));
    decipher.setAuthTag(sealed.tag);
    return Buffer.concat([decipher.update(sealed.ciphertext), decipher.final()]).toString("utf8");
  } catch {
    throw new SecretUnreadableError("tampered");
  }
}
