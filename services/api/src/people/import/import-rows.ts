// A CSV file's text → the people its rows describe, or why a row (or the whole file) is refused.
import { IMPORT_MAX_ROWS, type ImportRowError, importMessages } from "@hirestream/contracts/people/import.ts";
import {
  emptyProfile,
  identityEmails,
  type PersonProfile,
  personEmailFields,
  personProfile,
} from "@hirestream/contracts/people/profile.ts";
import { z } from "zod";
import { type CsvRecord, csvRecords } from "./csv-records.ts";
import { type HeaderMapping, mapHeader, mapsAny } from "./header-mapping.ts";

/** A row that can be imported: its line, the profile it gives, and the addresses that identify it. */
export interface ImportRow {
  line: number;
  profile: PersonProfile;
  /** Trimmed, lower-cased, never empty; the first is the primary identity. */
  identity: [string, ...string[]];
}

export type ImportFile =
  | { ok: true; rows: ImportRow[]; rowErrors: ImportRowError[]; ignoredColumns: string[]; total: number }
  | { ok: false; detail: string };

export const headerMessages = {
  noEmail: "The first line must name the columns, among them an email column (email, email_second or email_work)",
  noName: "The first line must name the columns, among them first_name or last_name",
} as const;

export const rowMessages = {
  noEmail: "An email is required (email, email_second or email_work)",
  noName: "A first_name or last_name is required",
  invalidEmail: (field: string) => `${field} is not a valid email address`,
} as const;

const emailShape = z.email();

/**
 * The profile a record gives under this header, or why it cannot be imported. Values are trimmed
 * and otherwise kept exactly: a cell starting with = + - @ is text, never a formula to evaluate or
 * defuse here (an export escapes it when writing a file a spreadsheet will open).
 */
export function rowProfile(record: CsvRecord, mapping: HeaderMapping): { profile: PersonProfile } | { reason: string } {
  if (record.malformed) return { reason: record.malformed };
  const profile = emptyProfile();
  mapping.columns.forEach((field, index) => {
    const value = record.cells[index]?.trim() ?? "";
    if (field !== null && value !== "") profile[field] = value;
  });
  const reasons: string[] = [];
  if (identityEmails(profile).length === 0) reasons.push(rowMessages.noEmail);
  if (profile.first_name === null && profile.last_name === null) reasons.push(rowMessages.noName);
  for (const field of personEmailFields) {
    const value = profile[field];
    if (value !== null && !emailShape.safeParse(value).success) reasons.push(rowMessages.invalidEmail(field));
  }
  const checked = personProfile.safeParse(profile);
  if (!checked.success)
    reasons.push(...checked.error.issues.map((issue) => `${issue.path.join(".")} ${issue.message}`));
  return reasons.length > 0 ? { reason: reasons.join("; ") } : { profile };
}

/** The file as rows to import, row errors with their lines, and the columns nothing reads. */
export function readImportFile(text: string): ImportFile {
  const [header, ...records] = csvRecords(text);
  if (!header) return { ok: false, detail: importMessages.empty };
  if (header.malformed) return { ok: false, detail: `Line ${header.line}: ${header.malformed}` };
  const mapping = mapHeader(header.cells);
  if (!mapsAny(mapping, personEmailFields)) return { ok: false, detail: headerMessages.noEmail };
  if (!mapsAny(mapping, ["first_name", "last_name"])) return { ok: false, detail: headerMessages.noName };
  if (records.length > IMPORT_MAX_ROWS) return { ok: false, detail: importMessages.tooMany };
  const rows: ImportRow[] = [];
  const rowErrors: ImportRowError[] = [];
  for (const record of records) {
    const result = rowProfile(record, mapping);
    if ("reason" in result) {
      rowErrors.push({ line: record.line, reason: result.reason });
      continue;
    }
    const [primary, ...others] = identityEmails(result.profile);
    if (primary === undefined) rowErrors.push({ line: record.line, reason: rowMessages.noEmail });
    else rows.push({ line: record.line, profile: result.profile, identity: [primary, ...others] });
  }
  return { ok: true, rows, rowErrors, ignoredColumns: mapping.ignored, total: records.length };
}
