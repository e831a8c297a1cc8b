import { IMPORT_MAX_ROWS } from "@hirestream/contracts/people/import.ts";
import { describe, expect, it } from "vitest";
import { countCsvRecords, csvFileProblem, csvTextProblem, isCsvFileName } from "./csv-lines.ts";

const header = "first_name,last_name,email";
const rows = (count: number) => Array.from({ length: count }, (_, index) => `Ann,Lee,ann${index}@example.com`);

describe("countCsvRecords", () => {
  it("does not count the header", () => {
    expect(countCsvRecords(`${header}\nMaya,Okafor,maya@example.com\n`)).toBe(1);
    expect(countCsvRecords(header)).toBe(0);
    expect(countCsvRecords("")).toBe(0);
  });

  it("skips empty lines and lines of separators only", () => {
    expect(countCsvRecords(`${header}\n\nMaya,Okafor,m@example.com\r\n,,\n  \nTom,Lind,t@example.com\n\n`)).toBe(2);
    expect(countCsvRecords(`first_name;email\n;\nMaya;m@example.com\n`)).toBe(1);
  });

  it("counts a quoted field over several lines as one record", () => {
    expect(countCsvRecords(`${header},about\nMaya,Okafor,m@example.com,"line one\nline two"\n`)).toBe(1);
  });

  it("ignores a byte order mark", () => {
    expect(countCsvRecords(`\ufeff${header}\n\nMaya,Okafor,m@example.com`)).toBe(1);
  });
});

describe("csvFileProblem", () => {
  it("refuses a file that is not .csv, with the spec's words", () => {
    expect(csvFileProblem({ name: "people.xlsx", size: 10 })).toBe("File must be a .csv file");
    expect(isCsvFileName("People.CSV")).toBe(true);
    expect(csvFileProblem({ name: "people.csv", size: 10 })).toBeNull();
  });

  it("refuses a file larger than the server takes", () => {
    expect(csvFileProblem({ name: "people.csv", size: 3 * 1024 * 1024 })).toMatch(/^File must be at most/);
  });
});

describe("csvTextProblem", () => {
  it("accepts 400 candidates and refuses 401 with the spec's words", () => {
    expect(csvTextProblem([header, ...rows(IMPORT_MAX_ROWS)].join("\n"))).toBeNull();
    expect(csvTextProblem([header, ...rows(IMPORT_MAX_ROWS + 1)].join("\n"))).toBe(
      "Limit of candidates must be less of 400",
    );
  });

  it("refuses a file without even a header", () => {
    expect(csvTextProblem(" \n\n")).toMatch(/^File is empty/);
  });
});
