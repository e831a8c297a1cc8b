import { describe, expect, it } from "vitest";
import { csvRecords, decodeCsvText } from "./csv-records.ts";

const lines = (text: string) => csvRecords(text).map((record) => [record.line, record.cells]);

describe("csvRecords", () => {
  it("numbers records by their line in the file, the header being line 1", () => {
    expect(lines("first_name,email\nAda,ada@example.com\nBo,bo@example.com\n")).toEqual([
      [1, ["first_name", "email"]],
      [2, ["Ada", "ada@example.com"]],
      [3, ["Bo", "bo@example.com"]],
    ]);
  });

  it("reads CRLF line ends without leaving a carriage return in the last cell", () => {
    expect(lines("a,b\r\n1,2\r\n3,4\r\n")).toEqual([
      [1, ["a", "b"]],
      [2, ["1", "2"]],
      [3, ["3", "4"]],
    ]);
  });

  it("drops a UTF-8 byte order mark so the first column keeps its name", () => {
    expect(csvRecords("\ufefffirst_name,email\nAda,a@example.com")[0]?.cells).toEqual(["first_name", "email"]);
  });

  it("keeps quoted commas, doubled quotes and line breaks inside one cell", () => {
    const text = 'name,about\n"Okafor, Maya","Says ""hi""\nand more\r\nlines"\nBo,short\n';
    expect(lines(text)).toEqual([
      [1, ["name", "about"]],
      [2, ["Okafor, Maya", 'Says "hi"\nand more\r\nlines']],
      [5, ["Bo", "short"]],
    ]);
  });

  it("gives a record spanning lines the line it starts on, with CRLF files too", () => {
    const text = 'a,b\r\n"one\r\ntwo",x\r\n"three\nfour\nfive",y\r\nlast,z';
    expect(csvRecords(text).map((record) => record.line)).toEqual([1, 2, 4, 7]);
  });

  it("skips blank records, and records of separators only, while still counting their lines", () => {
    expect(lines("a,b\n\n,\n  ,  \n1,2\n\n\n3,4")).toEqual([
      [1, ["a", "b"]],
      [5, ["1", "2"]],
      [8, ["3", "4"]],
    ]);
  });

  it("finds the header after leading blank lines", () => {
    expect(lines("\n\nemail\nx@example.com")).toEqual([
      [3, ["email"]],
      [4, ["x@example.com"]],
    ]);
  });

  it("answers no records for an empty or blank text", () => {
    expect(csvRecords("")).toEqual([]);
    expect(csvRecords("\ufeff")).toEqual([]);
    expect(csvRecords("\n\r\n ,, \n")).toEqual([]);
  });

  it("reads semicolon- and tab-separated files (Excel in many locales)", () => {
    expect(csvRecords("first_name;email\nAda;a@example.com")[1]?.cells).toEqual(["Ada", "a@example.com"]);
    expect(csvRecords("first_name\temail\nAda\ta@example.com")[1]?.cells).toEqual(["Ada", "a@example.com"]);
  });

  it("keeps cells that look like formulas exactly as written", () => {
    const text = 'a,b,c,d\n"=HYPERLINK(""http://x"",""y"")",+1 415 555,-2,@SUM(A1)\n';
    expect(csvRecords(text)[1]?.cells).toEqual(['=HYPERLINK("http://x","y")', "+1 415 555", "-2", "@SUM(A1)"]);
  });

  it("marks a record whose quote is never closed, which swallows the rest of the file", () => {
    const [, good, bad] = csvRecords('a,b\n1,2\n3,"open\n4,5\n');
    expect(good?.malformed).toBeNull();
    expect(bad?.line).toBe(3);
    expect(bad?.malformed).toMatch(/^Malformed quotes/);
  });

  it("keeps cells beyond the header's width and leaves short rows short", () => {
    expect(csvRecords("a,b\n1,2,3\n4")[1]?.cells).toEqual(["1", "2", "3"]);
    expect(csvRecords("a,b\n1,2,3\n4")[2]?.cells).toEqual(["4"]);
  });
});

describe("decodeCsvText", () => {
  it("reads UTF-8 and drops its byte order mark", () => {
    const bytes = new Uint8Array([0xef, 0xbb, 0xbf, ...new TextEncoder().encode("Tomás")]);
    expect(decodeCsvText(bytes)).toBe("Tomás");
  });

  it("falls back to Windows-1252 for bytes that are not UTF-8 (Excel's ANSI CSV)", () => {
    expect(decodeCsvText(new Uint8Array([0x54, 0x6f, 0x6d, 0xe1, 0x73, 0x80]))).toBe("Tomás€");
  });
});
