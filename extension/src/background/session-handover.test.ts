import { describe, expect, it } from "vitest";
import { sessionHandedOver } from "./session-handover.ts";

const APP = "http://localhost:3000";
const handed = { "access-token": "t", client: "c", uid: "ada@example.com", expiry: "1999999999" };
const kept = { ...handed, origin: APP };

describe("a session handed over by one of the app's pages", () => {
  it("is kept with the origin of the page that gave it", () => {
    expect(sessionHandedOver(null, handed, APP, APP)).toEqual(kept);
    expect(sessionHandedOver(kept, { ...handed, "access-token": "t2" }, "http://127.0.0.1:3000", APP)).toEqual({
      ...handed,
      "access-token": "t2",
      origin: "http://127.0.0.1:3000",
    });
  });

  it("changes nothing when it is the one already kept", () => {
    expect(sessionHandedOver(kept, { ...handed }, APP, APP)).toBe(kept);
  });

  it("ends when the page that gave it is signed out", () => {
    expect(sessionHandedOver(kept, null, APP, APP)).toBeNull();
  });

  it("stays when a page at another address is signed out", () => {
    expect(sessionHandedOver(kept, null, "http://localhost:5173", APP)).toBe(kept);
  });

  it("is not taken from a page that is not the app's", () => {
    expect(sessionHandedOver(null, handed, "https://www.linkedin.com", APP)).toBeNull();
    expect(sessionHandedOver(kept, null, "https://www.linkedin.com", APP)).toBe(kept);
  });
});
