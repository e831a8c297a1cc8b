import { credentialsIn as readAppSession } from "@hirestream/contracts/accounts/session-credentials.ts";
import { describe, expect, it } from "vitest";
import { sessionKey } from "./read-session.ts";

const storage = (values: Record<string, string>) => ({ getItem: (key: string) => values[key] ?? null });

describe("the app's session", () => {
  it("is read from the app's keys", () => {
    const values = { "access-token": "t", uid: "ada@example.com", client: "c", expiry: "1999999999" };
    expect(readAppSession(storage(values))).toEqual(values);
  });

  it("is none unless token, client and uid are all there", () => {
    expect(readAppSession(storage({ "access-token": "t", uid: "u" }))).toBeNull();
    expect(readAppSession(storage({}))).toBeNull();
  });

  it("is told apart from another by any of its values", () => {
    const one = { "access-token": "t", uid: "u", client: "c", expiry: "1" };
    expect(sessionKey(one)).toBe(sessionKey({ ...one }));
    expect(sessionKey(one)).not.toBe(sessionKey({ ...one, "access-token": "t2" }));
    expect(sessionKey(null)).toBe("");
  });
});
