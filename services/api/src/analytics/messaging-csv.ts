// The Message tab's export (spec §2): a stage's messaging analytics, one row per payload.
import type { PayloadOpenState } from "@hirestream/contracts/opens/open-kinds.ts";
import { type DisplayedStatus, statusNames } from "@hirestream/contracts/processors/payload-status.ts";
import Papa from "papaparse";
import { formulaStart } from "./stats-csv.ts";

export const messagingCsvColumns = [
  "Name",
  "Email",
  "Status",
  "Last Step Sent",
  "Last Sent Date",
  "Next Date",
  "Time Zone",
  "Replied",
  "Bounced",
  "Opened",
] as const;

/** What one payload contributes to the export. */
export interface MessagingCsvRow {
  firstName: string;
  lastName: string;
  email: string | null;
  status: DisplayedStatus;
  lastStepSent: number;
  totalSteps: number;
  /** ISO instants. */
  lastSentAt: string | null;
  nextAt: string | null;
  timeZone: string;
  /** Whether a person opened its messages; null before one was sent. */
  opens: PayloadOpenState | null;
}

const parts = (at: Date, timeZone: string) => {
  const format = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
    timeZoneName: "longOffset",
  });
  return new Map(format.formatToParts(at).map((part) => [part.type, part.value]));
};

/**
 * An instant as the candidate's clock showed it, with its offset: `2026-11-25T08:00:00-06:00`.
 * Sortable and read by spreadsheets, in the time zone the next column names.
 */
export function localTimestamp(iso: string | null, timeZone: string): string {
  if (iso === null) return "";
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return "";
  const part = parts(at, timeZone);
  const offset = (part.get("timeZoneName") ?? "GMT").replace("GMT", "") || "+00:00";
  return `${part.get("year")}-${part.get("month")}-${part.get("day")}T${part.get("hour")}:${part.get("minute")}:${part.get("second")}${offset}`;
}

const yesNo = (value: boolean) => (value ? "Yes" : "No");

/** Opened by a person (a mail proxy's fetch is no open); empty before anything was sent. */
const openedCell = (opens: PayloadOpenState | null) =>
  opens === null ? "" : opens === "not_tracked" ? "Not tracked" : yesNo(opens === "opened");

/**
 * RFC 4180 text, CRLF-ended lines, a header first; every cell that a spreadsheet would run as a
 * formula (a name or address of the candidate's own choosing) is neutralised as the dashboard's.
 */
export function messagingCsv(rows: readonly MessagingCsvRow[]): string {
  const data = rows.map((row) => [
    `${row.firstName} ${row.lastName}`.trim(),
    row.email ?? "",
    statusNames[row.status],
    `${row.lastStepSent}/${row.totalSteps}`,
    localTimestamp(row.lastSentAt, row.timeZone),
    localTimestamp(row.nextAt, row.timeZone),
    row.timeZone,
    yesNo(row.status === "replied"),
    yesNo(row.status === "bounced"),
    openedCell(row.opens),
  ]);
  const text = Papa.unparse([[...messagingCsvColumns], ...data], { newline: "\r\n", escapeFormulae: formulaStart });
  return `${text}\r\n`;
}
