import { Dexie } from "dexie";
import { describe, expect, test } from "vitest";
import { isQuotaError } from "./quota-error.ts";

const quota = () => new DOMException("The quota has been exceeded.", "QuotaExceededError");

describe("isQuotaError", () => {
  test("knows the browser's own error, and Firefox's name for a full storage group", () => {
    expect(isQuotaError(quota())).toBe(true);
    expect(isQuotaError({ name: "NS_ERROR_DOM_QUOTA_REACHED", message: "" })).toBe(true);
  });

  test("finds it inside Dexie's AbortError, as a transaction aborted at commit answers", () => {
    const aborted = new Dexie.AbortError(quota());
    expect(aborted.name).toBe("AbortError");
    expect(isQuotaError(aborted)).toBe(true);
    expect(isQuotaError(new Dexie.QuotaExceededError("Transaction failed", quota()))).toBe(true);
  });

  test("finds it among the failures of a bulk write, and in an error's cause", () => {
    const bulk = new Dexie.BulkError("bulkPut failed", { 3: quota() });
    expect(isQuotaError(bulk)).toBe(true);
    expect(isQuotaError(new Error("sync message not applied", { cause: new Dexie.AbortError(quota()) }))).toBe(true);
  });

  test("does not take other failures for a full disk", () => {
    expect(isQuotaError(new Dexie.AbortError(new DOMException("gone", "UnknownError")))).toBe(false);
    expect(isQuotaError(new Dexie.AbortError())).toBe(false);
    expect(isQuotaError(new Dexie.DatabaseClosedError())).toBe(false);
    expect(isQuotaError(new Error("QuotaExceededError in the message only"))).toBe(false);
    expect(isQuotaError(null)).toBe(false);
    expect(isQuotaError("QuotaExceededError")).toBe(false);
  });

  test("survives an error that holds itself", () => {
    const looped: { name: string; inner?: unknown } = { name: "AbortError" };
    looped.inner = looped;
    expect(isQuotaError(looped)).toBe(false);
  });
});
