// Importing people from a CSV file (spec §5, CSV import): the limits and words both the browser
// and the server check, the upload as the server reads it, and the answer both read.
import { z } from "zod";

/**
 * Most candidates one file may hold. Counted as data records: the header is not one, and records
 * that are empty or hold only separators are skipped (papaparse's `skipEmptyLines: "greedy"`). A
 * quoted value spanning lines is one record. 400 records import; 401 are refused.
 */
export const IMPORT_MAX_ROWS = 400;

/** Largest file accepted, in bytes: 400 ordinary rows many times over (not 400 rows at every field's maximum). */
export const IMPORT_MAX_FILE_BYTES = 2 * 1024 * 1024;

export const importMessages = {
  notCsv: "File must be a .csv file",
  tooMany: "Limit of candidates must be less of 400",
  empty: "File is empty: the first line must name the columns, e.g. first_name,last_name,email",
  tooLarge: `File must be at most ${IMPORT_MAX_FILE_BYTES / (1024 * 1024)} MiB`,
} as const;

/** Only .csv files are read, whatever their media type says (browsers disagree on it). */
export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** The multipart fields, by the names the spec's client sends. */
export const importFields = {
  file: "data[file]",
  workspaceId: "data[workspace_id]",
  projectId: "data[project_id]",
  stageId: "data[stage_id]",
} as const;

/**
 * The upload once its parts are read: text fields as strings, the file with its name and decoded
 * text. A blank id is no id, as an HTML form sends an empty select.
 */
const optionalId = z
  .string()
  .trim()
  .optional()
  .transform((value) => (value ? value : undefined));

export const importUpload = z
  .object({
    [importFields.file]: z.object({ filename: z.string(), text: z.string() }, { error: "must be a file" }),
    [importFields.workspaceId]: optionalId,
    [importFields.projectId]: optionalId,
    [importFields.stageId]: optionalId,
  })
  .strict();
export type ImportUpload = z.infer<typeof importUpload>;

const count = z.number().int().nonnegative();

/**
 * Spec §3, Import result. `existing` counts rows that matched a person already known (including
 * an earlier row of the same file); `assigned` counts those of them newly put in the workspace, so
 * they are within `existing` too. success = new + existing; total = success + errors.
 */
export const importCounts = z.object({
  new: count,
  assigned: count,
  existing: count,
  errors: count,
  success: count,
  total: count,
});
export type ImportCounts = z.infer<typeof importCounts>;

/** A refused row: its line in the file (1-based; the header is line 1) and why. */
export const importRowError = z.object({ line: z.number().int().positive(), reason: z.string() });
export type ImportRowError = z.infer<typeof importRowError>;

export const importResultDocument = z.object({
  data: z.object({ type: z.literal("import_result"), id: z.uuid(), attributes: importCounts }),
  meta: z.object({
    row_errors: z.array(importRowError),
    ignored_columns: z.array(z.string()),
    /** The highest event position the import appended; 0 when it appended nothing. */
    position: count,
  }),
});
export type ImportResultDocument = z.infer<typeof importResultDocument>;
