import { randomBytes } from "node:crypto";
import {
  closeSync,
  constants,
  fsyncSync,
  linkSync,
  mkdirSync,
  openSync,
  readFileSync,
  unlinkSync,
  writeSync,
} from "node:fs";
import path from "node:path";
import { type SecretKeyring, secretKey } from "./secret-box.ts";

export const CREDENTIALS_KEY_FILE = "credentials.key";

function decodeKey(base64: string, where: string): Buffer {
  const key = Buffer.from(base64.trim(), "base64");
  if (key.length !== 32) throw new Error(`${where} must be the base64 of 32 bytes (openssl rand -base64 32)`);
  return key;
}

/**
 * The key credentials' secrets are sealed with: CREDENTIALS_KEY (base64 of 32 bytes) when set;
 * otherwise one made on the first start into the data folder, readable by its owner alone. The
 * file is written under a temporary name and linked into place, so a crash never leaves half a
 * key, and two processes starting together agree on the first one linked: a key is never replaced,
 * for the secrets sealed with it would be lost. CREDENTIALS_PREVIOUS_KEYS (comma-separated) still
 * opens secrets sealed before a rotation.
 */
export function loadCredentialsKeyring(options: {
  key: string | undefined;
  previousKeys?: string | undefined;
  dataDir: string;
}): SecretKeyring {
  const previous = (options.previousKeys ?? "")
    .split(",")
    .filter((each) => each.trim() !== "")
    .map((each) => secretKey(decodeKey(each, "CREDENTIALS_PREVIOUS_KEYS")));
  if (options.key !== undefined && options.key.trim() !== "") {
    return { current: secretKey(decodeKey(options.key, "CREDENTIALS_KEY")), previous };
  }
  const file = path.join(options.dataDir, CREDENTIALS_KEY_FILE);
  return { current: secretKey(decodeKey(readOrCreate(file), file)), previous };
}

function readOrCreate(file: string): string {
  try {
    return readFileSync(file, "utf8");
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "ENOENT")) throw error;
  }
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const temporary = `${file}.${process.pid}.${randomBytes(4).toString("hex")}.tmp`;
  const fd = openSync(temporary, constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL, 0o600);
  try {
    writeSync(fd, `${randomBytes(32).toString("base64")}\n`);
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
  try {
    // link() fails when the name exists: the key another process made first wins.
    linkSync(temporary, file);
  } catch (error) {
    if (!(error instanceof Error && "code" in error && error.code === "EEXIST")) throw error;
  } finally {
    unlinkSync(temporary);
  }
  return readFileSync(file, "utf8");
}
