import { describe, expect, it } from "vitest";
import { fileNameOf, safeFileName } from "./csv-file-name.ts";

describe("fileNameOf", () => {
  it("takes the quoted file name the server gives", () => {
    expect(fileNameOf('attachment; filename="Data hiring_analytics.csv"', "x.csv")).toBe("Data hiring_analytics.csv");
  });

  it("takes an unquoted file name", () => {
    expect(fileNameOf("attachment; filename=report.csv; size=10", "x.csv")).toBe("report.csv");
  });

  it("prefers the UTF-8 name over the plain one", () => {
    expect(
      fileNameOf(`attachment; filename="Malm_analytics.csv"; filename*=UTF-8''Malm%C3%B6_analytics.csv`, "x.csv"),
    ).toBe("Malmö_analytics.csv");
  });

  it("falls back to the plain name when the UTF-8 one is malformed", () => {
    expect(fileNameOf(`attachment; filename="plain.csv"; filename*=UTF-8''bad%E0%A4%A.csv`, "x.csv")).toBe("plain.csv");
  });

  it("uses the fallback without a header or a name in it", () => {
    expect(fileNameOf(null, "Sales_analytics.csv")).toBe("Sales_analytics.csv");
    expect(fileNameOf("attachment", "Sales_analytics.csv")).toBe("Sales_analytics.csv");
  });

  it("never lets a name climb out of the downloads folder", () => {
    expect(fileNameOf('attachment; filename="../../etc/passwd"', "x.csv")).toBe(".. .. etc passwd");
  });
});

describe("safeFileName", () => {
  it("replaces what a file name cannot hold and trims the rest", () => {
    expect(safeFileName(' Q1: "Sales" / EMEA? ')).toBe("Q1 Sales EMEA");
  });

  it("names an empty name", () => {
    expect(safeFileName(" / ")).toBe("analytics.csv");
  });
});
