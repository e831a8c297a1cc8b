import type { ProjectStats } from "@hirestream/contracts/analytics/project-stats.ts";
import Papa from "papaparse";
import { describe, expect, it } from "vitest";
import { statsCsv, statsCsvColumns } from "./stats-csv.ts";

const header = "Project,Sourced,Contacted,Replies,Interested,Not Interested,Follow Up,Open Rate\r\n";
const zeros: ProjectStats = {
  sourced: 0,
  contacted: 0,
  replies: 0,
  interested: 0,
  not_interested: 0,
  follow_up: 0,
  open_rate: 0,
};
const lineOf = (project: string) => statsCsv([{ project, stats: zeros }]).slice(header.length);

describe("statsCsv", () => {
  it("writes exactly the spec's columns, even with no project", () => {
    expect(statsCsvColumns.join(",")).toBe(header.trimEnd());
    expect(statsCsv([])).toBe(header);
  });

  it("writes one CRLF-ended line per project, in the columns' order, open rate as a whole percentage", () => {
    const stats = {
      sourced: 12,
      contacted: 9,
      replies: 4,
      interested: 3,
      not_interested: 2,
      follow_up: 1,
      open_rate: 0.285,
    };
    expect(
      statsCsv([
        { project: "Backend hires", stats },
        { project: "Design", stats: zeros },
      ]),
    ).toBe(`${header}Backend hires,12,9,4,3,2,1,29\r\nDesign,0,0,0,0,0,0,0\r\n`);
    expect(lineOf("x").endsWith("\r\n")).toBe(true);
  });

  it("says Not tracked for a project whose messages carried no pixel, rather than 0", () => {
    expect(statsCsv([{ project: "Quiet", stats: zeros, opensTracked: false }])).toBe(
      `${header}Quiet,0,0,0,0,0,0,Not tracked\r\n`,
    );
  });

  it("prefixes a quote to a name that a spreadsheet would run as a formula, and quotes it", () => {
    expect(lineOf('=HYPERLINK("x")')).toBe(`"'=HYPERLINK(""x"")",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("+1")).toBe(`"'+1",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("-2+3")).toBe(`"'-2+3",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("@SUM(A1)")).toBe(`"'@SUM(A1)",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("\t=1")).toBe(`"'\t=1",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("\r=1")).toBe(`"'\r=1",0,0,0,0,0,0,0\r\n`);
  });

  it("escapes a formula behind zero-width characters or written with full-width signs", () => {
    for (const hidden of ["\u200B", "\uFEFF", "\u200B\uFEFF", "\u200C", "\u200D", "\u2060"]) {
      for (const sign of ["=", "+", "-", "@"]) {
        expect(lineOf(`${hidden}${sign}1+2`)).toBe(`"'${hidden}${sign}1+2",0,0,0,0,0,0,0\r\n`);
      }
    }
    for (const sign of ["\uFF1D", "\uFF0B", "\uFF0D", "\uFF20"]) {
      expect(lineOf(`${sign}SUM(A1)`)).toBe(`"'${sign}SUM(A1)",0,0,0,0,0,0,0\r\n`);
      expect(lineOf(`\u200B${sign}SUM(A1)`)).toBe(`"'\u200B${sign}SUM(A1)",0,0,0,0,0,0,0\r\n`);
    }
  });

  it("escapes a formula that also holds a line break (papaparse's own pattern would not)", () => {
    expect(lineOf("=1+2\nx")).toBe(`"'=1+2\nx",0,0,0,0,0,0,0\r\n`);
    expect(Papa.unparse([["=1+2\nx"]], { escapeFormulae: true })).toBe(`"=1+2\nx"`);
  });

  it("leaves a name alone when the sign is not its first character", () => {
    expect(lineOf("Q=1 hires")).toBe("Q=1 hires,0,0,0,0,0,0,0\r\n");
    expect(lineOf("R&D @ Berlin")).toBe("R&D @ Berlin,0,0,0,0,0,0,0\r\n");
  });

  it("quotes commas, quotes, line breaks and edge spaces as RFC 4180 says", () => {
    expect(lineOf('Sales, "EMEA"')).toBe(`"Sales, ""EMEA""",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("two\r\nlines")).toBe(`"two\r\nlines",0,0,0,0,0,0,0\r\n`);
    expect(lineOf(" padded ")).toBe(`" padded ",0,0,0,0,0,0,0\r\n`);
    expect(lineOf("Zoë – ünïcode")).toBe("Zoë – ünïcode,0,0,0,0,0,0,0\r\n");
  });

  it("reads back as the names it was given, each formula behind its quote", () => {
    const names = ['=HYPERLINK("x")', 'Sales, "EMEA"', "two\r\nlines", "-1", "plain", '"', ",", "@"];
    const parsed = Papa.parse<string[]>(statsCsv(names.map((project) => ({ project, stats: zeros }))), {
      skipEmptyLines: true,
    });
    expect(parsed.errors).toEqual([]);
    expect(parsed.data[0]).toEqual([...statsCsvColumns]);
    expect(parsed.data.slice(1).map((row) => row[0])).toEqual(
      names.map((name) => (/^[=+\-@\t\r]/.test(name) ? `'${name}` : name)),
    );
    expect(parsed.data.slice(1).every((row) => row.length === statsCsvColumns.length)).toBe(true);
  });
});
