import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { open, SecretUnreadableError, seal, secretKey } from "./secret-box.ts";

const keyring = { current: secretKey(randomBytes(32)), previous: [] };
const credentialId = "7a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d";
const secret = "hunter2-smtp-password";

describe("sealing a credential's secret", () => {
  it("opens to what was sealed, and the ciphertext does not hold the plaintext", () => {
    const sealed = seal(keyring, secret, credentialId);
    expect(sealed.ciphertext.toString("utf8")).not.toContain(secret);
    expect(sealed.keyId).toBe(keyring.current.id);
    expect(open(keyring, sealed, credentialId)).toBe(secret);
  });

  it("uses a fresh IV each time, so the same secret never seals to the same bytes", () => {
    const first = seal(keyring, secret, credentialId);
    const second = seal(keyring, secret, credentialId);
    expect(first.iv.equals(second.iv)).toBe(false);
    expect(first.ciphertext.equals(second.ciphertext)).toBe(false);
  });

  it("fails closed when a byte of the ciphertext, the tag or the IV was changed", () => {
    const sealed = seal(keyring, secret, credentialId);
    const flipped = (bytes: Buffer) => {
      const copy = Buffer.from(bytes);
      copy[0] = (copy[0] ?? 0) ^ 1;
      return copy;
    };
    for (const tampered of [
      { ...sealed, ciphertext: flipped(sealed.ciphertext) },
      { ...sealed, tag: flipped(sealed.tag) },
      { ...sealed, iv: flipped(sealed.iv) },
      { ...sealed, tag: sealed.tag.subarray(0, 4) },
    ]) {
      expect(() => open(keyring, tampered, credentialId)).toThrow(SecretUnreadableError);
    }
  });

  it("does not open on another credential's row", () => {
    const sealed = seal(keyring, secret, credentialId);
    expect(() => open(keyring, sealed, "9f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d")).toThrow(SecretUnreadableError);
  });

  it("opens a secret sealed with a previous key after a rotation, and refuses an unknown key", () => {
    const old = { current: secretKey(randomBytes(32)), previous: [] };
    const sealed = seal(old, secret, credentialId);
    expect(() => open(keyring, sealed, credentialId)).toThrow(SecretUnreadableError);
    expect(open({ current: keyring.current, previous: [old.current] }, sealed, credentialId)).toBe(secret);
  });

  it("takes only 32-byte keys", () => {
    expect(() => secretKey(randomBytes(16))).toThrow(/32 bytes/);
  });
});
