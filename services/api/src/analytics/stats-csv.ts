// The dashboard's CSV export (spec §2, Workspace home): one row per project, the spec's columns.
import { openRatePercent, type ProjectStats } from "@hirestream/contracts/analytics/project-stats.ts";
import { openWords } from "@hirestream/contracts/opens/open-kinds.ts";
import Papa from "papaparse";

export const statsCsvColumns = [
  "Project",
  "Sourced",
  "Contacted",
  "Replies",
  "Interested",
  "Not Interested",
  "Follow Up",
  "Open Rate",
] as const;

/**
 * OWASP's rule against CSV injection: a cell starting with =, +, -, @, tab or carriage return is
 * prefixed with a single quote (and quoted), so a spreadsheet shows it instead of running it.
 * papaparse's own `escapeFormulae: true` pattern, /^[=+\-@\t\r].*$/, misses a cell that also holds
 * a line break (`.` and `$` stop there), so the pattern is given here. Numbers are never escaped.
 * Spreadsheets also run a formula behind invisible characters (zero-width space, joiners, word
 * joiner, byte-order mark) and one written with the full-width signs ＝ ＋ － ＠, so those count too.
 */
export const formulaStart = /^[\u200B-\u200D\u2060\uFEFF]*[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

export interface StatsCsvRow {
  /** The project's name: user text, so it may hold anything. */
  project: string;
  stats: ProjectStats;
  /** False when no message of the project carried a pixel: Open Rate says "Not tracked", not 0. */
  opensTracked?: boolean;
}

/**
 * RFC 4180 text: a header line, then one line per project, every line ended by CRLF; a cell with
 * a comma, quote, line break or edge space is quoted, its quotes doubled. Open Rate is the whole
 * percentage the dashboard shows (spec §9), as a bare number a spreadsheet can sum and sort, or
 * "Not tracked" for a project whose sequences sent without tracking opens.
 */
export function statsCsv(rows: readonly StatsCsvRow[]): string {
  const data = rows.map(({ project, stats, opensTracked = true }) => [
    project,
    stats.sourced,
    stats.contacted,
    stats.replies,
    stats.interested,
    stats.not_interested,
    stats.follow_up,
    opensTracked ? openRatePercent(stats.open_rate) : openWords.not_tracked,
  ]);
  // The header as the first row: given as `fields` with no data, papaparse would add an empty row.
  const text = Papa.unparse([[...statsCsvColumns], ...data], { newline: "\r\n", escapeFormulae: formulaStart });
  return `${text}\r\n`;
}
