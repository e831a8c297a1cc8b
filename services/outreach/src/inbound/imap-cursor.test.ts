import { describe, expect, it } from "vitest";
import { formatImapCursor, nextImapCursor, parseImapCursor, planImapRead, uidsToFetch } from "./imap-cursor.ts";

const now = new Date("2026-11-22T12:00:00.000Z");
const cursor = { uidValidity: "1700000000", uidNext: 42, readAt: "2026-11-20T08:00:00.000Z" };

describe("an IMAP cursor", () => {
  it("reads back what it wrote, and takes anything else for no position", () => {
    expect(parseImapCursor(formatImapCursor(cursor))).toEqual(cursor);
    for (const other of [undefined, "", "not json", '{"historyId":"123"}', '{"uidValidity":"1","uidNext":0}']) {
      expect(parseImapCursor(other)).toBeUndefined();
    }
  });
});

describe("planning a read", () => {
  it("goes on from the cursor's UID while UIDVALIDITY is the same", () => {
    expect(planImapRead(cursor, "1700000000", now, 7)).toEqual({ from: "uid", uid: 42 });
  });

  it("reads the last days of a mailbox read for the first time", () => {
    expect(planImapRead(undefined, "1700000000", now, 7)).toEqual({
      from: "date",
      since: new Date("2026-11-15T12:00:00.000Z"),
      resynced: false,
    });
  });

  it("resyncs from the window, or from a day before the last read when that is earlier, after UIDVALIDITY changed", () => {
    expect(planImapRead(cursor, "1800000000", now, 7)).toEqual({
      from: "date",
      since: new Date("2026-11-15T12:00:00.000Z"),
      resynced: true,
    });
    const longAgo = { ...cursor, readAt: "2026-10-01T00:00:00.000Z" };
    expect(planImapRead(longAgo, "1800000000", now, 7)).toEqual({
      from: "date",
      since: new Date("2026-09-30T00:00:00.000Z"),
      resynced: true,
    });
  });
});

describe("choosing what to fetch", () => {
  it("leaves out the newest message a search of N:* answers below N, and takes the rest in order", () => {
    expect(uidsToFetch({ from: "uid", uid: 42 }, [41], 100)).toEqual({ uids: [], more: false });
    expect(uidsToFetch({ from: "uid", uid: 42 }, [44, 42, 43], 100)).toEqual({ uids: [42, 43, 44], more: false });
  });

  it("takes at most the limit, oldest first, and says more are left", () => {
    const plan = { from: "date", since: now, resynced: false } as const;
    expect(uidsToFetch(plan, [9, 3, 7, 5], 2)).toEqual({ uids: [3, 5], more: true });
  });
});

describe("the next cursor", () => {
  const base = { uidValidity: "1700000000", now };

  it("points at the mailbox's UIDNEXT once everything found was fetched", () => {
    const next = nextImapCursor({
      ...base,
      plan: { from: "uid", uid: 42 },
      mailboxUidNext: 50,
      taken: [42, 45],
      more: false,
    });
    expect(next).toEqual({ uidValidity: "1700000000", uidNext: 50, readAt: now.toISOString() });
  });

  it("points right after the last message fetched when more are left", () => {
    const plan = { from: "date", since: now, resynced: true } as const;
    expect(nextImapCursor({ ...base, plan, mailboxUidNext: 90, taken: [3, 5], more: true }).uidNext).toBe(6);
  });

  it("never goes behind what was fetched or where the read began", () => {
    // A message that arrived between opening the mailbox and fetching has a UID past its UIDNEXT.
    expect(
      nextImapCursor({ ...base, plan: { from: "uid", uid: 42 }, mailboxUidNext: 43, taken: [42, 43], more: false })
        .uidNext,
    ).toBe(44);
    expect(
      nextImapCursor({ ...base, plan: { from: "uid", uid: 42 }, mailboxUidNext: undefined, taken: [], more: false })
        .uidNext,
    ).toBe(42);
  });
});
