// Checks of a CSV file before it is uploaded (spec §5, CSV import). The server checks the same
// (services/api/src/people/import); saying so before the upload spares the wait.
import { IMPORT_MAX_FILE_BYTES, IMPORT_MAX_ROWS, importMessages } from "@hirestream/contracts/people/import.ts";
import Papa from "papaparse";

export function isCsvFileName(name: string): boolean {
  return /\.csv$/i.test(name.trim());
}

/** All non-blank records, header included, read as the server reads them. */
function records(text: string): number {
  const parsed = Papa.parse<string[]>(text.startsWith("\ufeff") ? text.slice(1) : text, {
    skipEmptyLines: "greedy",
    delimitersToGuess: [",", ";", "\t"],
  });
  return parsed.data.length;
}

/**
 * The data records of a CSV text: the header is not one, and lines that are empty or hold only
 * separators are skipped. Quoted values may span lines and still make one record.
 */
export function countCsvRecords(text: string): number {
  return Math.max(0, records(text) - 1);
}

/** Why a file of this name and size cannot be imported, before reading it; null when it may be. */
export function csvFileProblem(file: { name: string; size: number }): string | null {
  if (!isCsvFileName(file.name)) return importMessages.notCsv;
  return file.size > IMPORT_MAX_FILE_BYTES ? importMessages.tooLarge : null;
}

/** Why this text cannot be imported, in the spec's words; null when it can. */
export function csvTextProblem(text: string): string | null {
  const count = records(text);
  if (count === 0) return importMessages.empty;
  return count - 1 > IMPORT_MAX_ROWS ? importMessages.tooMany : null;
}
