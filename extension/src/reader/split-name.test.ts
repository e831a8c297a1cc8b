import { describe, expect, it } from "vitest";
import { splitName } from "./split-name.ts";

describe("splitName", () => {
  it("takes the last word as the last name", () => {
    expect(splitName("Tomás  Ferreira Lopes")).toEqual({ first: "Tomás Ferreira", last: "Lopes" });
  });

  it("takes a single word as the first name only", () => {
    expect(splitName(" Nkechi ")).toEqual({ first: "Nkechi", last: null });
  });

  it("drops credentials written after a comma", () => {
    expect(splitName("Ana Sousa, PhD, MBA")).toEqual({ first: "Ana", last: "Sousa" });
  });

  it("gives no name for nothing", () => {
    expect(splitName("  ")).toEqual({ first: null, last: null });
    expect(splitName(null)).toEqual({ first: null, last: null });
  });
});
