import { describe, expect, it } from "vitest";
import { DomainError, errorCatalogue, errorCodes } from "./errors.ts";

describe("the error catalogue", () => {
  it.each(errorCodes)("%s has one HTTP error status and a message", (code) => {
    const { status, title } = errorCatalogue[code];
    expect(Number.isInteger(status)).toBe(true);
    expect(status).toBeGreaterThanOrEqual(400);
    expect(status).toBeLessThan(600);
    expect(title.trim().length).toBeGreaterThan(0);
  });

  it("uses only 5xx for faults that are the server's", () => {
    const serverSide = errorCodes.filter((code) => errorCatalogue[code].status >= 500);
    expect(serverSide.sort()).toEqual(["IDEMPOTENCY_KEY_IN_USE", "INTERNAL", "NOT_CAUGHT_UP"]);
  });

  it("gives a DomainError the catalogue's title unless a detail is given", () => {
    expect(new DomainError("FORBIDDEN").message).toBe("Your role does not allow this");
    const error = new DomainError("VALIDATION", "This field is required", "/data/attributes/name");
    expect([error.code, error.message, error.pointer]).toEqual([
      "VALIDATION",
      "This field is required",
      "/data/attributes/name",
    ]);
  });
});
