import { expect, test } from "vitest";
import { retryAfterMs } from "./retry-after.ts";

const now = Date.parse("2026-11-22T12:00:00.000Z");

test("Retry-After is read as seconds or as a date", () => {
  expect(retryAfterMs("120", now)).toBe(120_000);
  expect(retryAfterMs("Sun, 22 Nov 2026 12:01:30 GMT", now)).toBe(90_000);
  expect(retryAfterMs("Sun, 22 Nov 2026 11:00:00 GMT", now)).toBe(0);
  expect(retryAfterMs("soon", now)).toBeNull();
  expect(retryAfterMs(null, now)).toBeNull();
});
