import { describe, expect, it } from "vitest";
import { cleanText } from "./clean-text.ts";

describe("cleanText", () => {
  it("trims and collapses whitespace into single spaces", () => {
    expect(cleanText("  Marta\n\t Quintela  ")).toBe("Marta Quintela");
  });

  it("drops characters that cannot be stored", () => {
    expect(cleanText("Ma\u0000rta\u0007")).toBe("Marta");
  });

  it("cuts to the limit without splitting a character in two", () => {
    expect(cleanText("abcd", 3)).toBe("abc");
    expect(cleanText("ab😀", 3)).toBe("ab");
  });

  it("gives null for blank or missing text", () => {
    expect(cleanText(" \n ")).toBeNull();
    expect(cleanText(undefined)).toBeNull();
  });
});
