import { describe, expect, test } from "vitest";
import { noticeText, type StorageNotice } from "./storage-notice.ts";

const time = (at: number) => `t${at}`;
const quota = (phase: StorageNotice["phase"], retryAt: number | null = null): StorageNotice => ({
  cause: "quota",
  phase,
  retryAt,
  lostChanges: 0,
});
const evicted = (phase: StorageNotice["phase"], lostChanges: number): StorageNotice => ({
  cause: "evicted",
  phase,
  retryAt: null,
  lostChanges,
});

describe("noticeText", () => {
  test("a quota error says the browser ran out of space, what still works and what the app does", () => {
    const text = noticeText(quota("refetching"), time);
    expect(text.title).toBe("This browser ran out of space for the offline copy");
    expect(text.lines.join(" ")).toContain("fetching it again from the server");
    expect(text.lines).toContain("Changes waiting to be sent are kept and still go to the server.");
  });

  test("space still short says when the app tries again", () => {
    const text = noticeText(quota("waiting", 5_000), time);
    expect(text.title).toBe("Still no space for the offline copy");
    expect(text.lines.join(" ")).toContain("tries again at t5000");
  });

  test("an eviction with nothing pending says nothing about changes", () => {
    const text = noticeText(evicted("refetching", 0), time);
    expect(text.title).toBe("This device's offline copy was cleared");
    expect(text.lines.join(" ")).toContain("being fetched again from the server");
    expect(text.lines.join(" ")).not.toMatch(/change/);
  });

  test("an eviction that took pending changes says they are gone, never that they were kept", () => {
    const one = noticeText(evicted("refetching", 1), time).lines.join(" ");
    expect(one).toContain("1 change waiting to be sent from this device was deleted with it and will not be sent");
    expect(one).not.toMatch(/kept/);
    const done = noticeText(evicted("done", 3), time);
    expect(done.title).toBe("This device's offline copy was cleared and fetched again");
    expect(done.lines.join(" ")).toContain("3 changes waiting to be sent from this device were deleted with it");
  });
});
