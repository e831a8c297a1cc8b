import { randomBytes } from "node:crypto";
import { mkdtempSync, readFileSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { CREDENTIALS_KEY_FILE, loadCredentialsKeyring } from "./credentials-key.ts";

const freshDir = () => path.join(mkdtempSync(path.join(tmpdir(), "credentials-key-")), "data");

describe("the credentials key", () => {
  it("is CREDENTIALS_KEY when set, and then no file is written", () => {
    const key = randomBytes(32);
    const dataDir = freshDir();
    const keyring = loadCredentialsKeyring({ key: key.toString("base64"), dataDir });
    expect(keyring.current.key.equals(key)).toBe(true);
    expect(() => statSync(path.join(dataDir, CREDENTIALS_KEY_FILE))).toThrow();
  });

  it("refuses a CREDENTIALS_KEY that is not 32 bytes", () => {
    expect(() => loadCredentialsKeyring({ key: randomBytes(16).toString("base64"), dataDir: freshDir() })).toThrow(
      /CREDENTIALS_KEY must be the base64 of 32 bytes/,
    );
  });

  it("is made on the first start into the data folder, readable by its owner alone, and kept on the next", () => {
    const dataDir = freshDir();
    const first = loadCredentialsKeyring({ key: undefined, dataDir });
    const file = path.join(dataDir, CREDENTIALS_KEY_FILE);
    expect(statSync(file).mode & 0o777).toBe(0o600);
    const second = loadCredentialsKeyring({ key: "", dataDir });
    expect(second.current.key.equals(first.current.key)).toBe(true);
    expect(Buffer.from(readFileSync(file, "utf8").trim(), "base64").equals(first.current.key)).toBe(true);
  });

  it("keeps the previous keys given for a rotation", () => {
    const old = randomBytes(32);
    const keyring = loadCredentialsKeyring({
      key: randomBytes(32).toString("base64"),
      previousKeys: old.toString("base64"),
      dataDir: freshDir(),
    });
    expect(keyring.previous.map((each) => each.key.equals(old))).toEqual([true]);
  });
});
