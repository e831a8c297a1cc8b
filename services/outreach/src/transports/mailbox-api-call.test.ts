import { describe, expect, it } from "vitest";
import { GrantRevokedError } from "./access-tokens.ts";
import { callMailbox, MailboxApiError, MailboxBusyError, retryAfterSeconds } from "./mailbox-api-call.ts";

describe("Retry-After", () => {
  it("reads seconds or an HTTP date, and nothing from anything else", () => {
    const now = Date.parse("2026-11-25T10:00:00Z");
    expect(retryAfterSeconds("7", now)).toBe(7);
    expect(retryAfterSeconds("Wed, 25 Nov 2026 10:00:30 GMT", now)).toBe(30);
    expect(retryAfterSeconds("Wed, 25 Nov 2026 09:59:00 GMT", now)).toBe(0);
    expect(retryAfterSeconds("soon", now)).toBeUndefined();
    expect(retryAfterSeconds(null, now)).toBeUndefined();
  });
});

describe("a mailbox API call", () => {
  const tokens = (refresh: () => Promise<string>) => ({ current: async () => "first", refresh });

  it("refreshes the token once on a 401, and gives up on a second 401", async () => {
    const seen: string[] = [];
    const refused = new MailboxApiError("Invalid Credentials", { status: 401 });
    const run = async (token: string) => {
      seen.push(token);
      throw refused;
    };
    await expect(
      callMailbox(
        tokens(async () => "second"),
        run,
      ),
    ).rejects.toBe(refused);
    expect(seen).toEqual(["first", "second"]);
  });

  it("lets a revoked grant out of the refresh untouched", async () => {
    const revoked = new GrantRevokedError("invalid_grant");
    const run = async () => {
      throw new MailboxApiError("Invalid Credentials", { status: 401 });
    };
    await expect(
      callMailbox(
        tokens(() => Promise.reject(revoked)),
        run,
      ),
    ).rejects.toBe(revoked);
  });

  it("treats Gmail's 403 rate limit reasons as a request to slow down, and other 403s as refusals", async () => {
    const waits: number[] = [];
    const backoff = {
      attempts: 2,
      longestWaitSeconds: 10,
      firstWaitSeconds: 1,
      wait: async (s: number) => void waits.push(s),
    };
    const limited = async () => {
      throw new MailboxApiError("Rate Limit Exceeded", { status: 403, code: "userRateLimitExceeded" });
    };
    await expect(
      callMailbox(
        tokens(async () => "x"),
        limited,
        backoff,
      ),
    ).rejects.toBeInstanceOf(MailboxBusyError);
    expect(waits).toEqual([1]);
    const forbidden = new MailboxApiError("Insufficient Permission", { status: 403, code: "insufficientPermissions" });
    await expect(
      callMailbox(
        tokens(async () => "x"),
        () => Promise.reject(forbidden),
        backoff,
      ),
    ).rejects.toBe(forbidden);
    expect(waits).toEqual([1]);
  });
});
