// CSV text → records, each with the line of the file it starts on, so a refused row can be found.
import Papa from "papaparse";

export interface CsvRecord {
  /** 1-based line of the file where the record starts; a quoted value may carry it over more lines. */
  line: number;
  cells: string[];
  /** Why the record could not be read as written (a quote left open swallows what follows). */
  malformed: string | null;
}

const utf8 = new TextDecoder("utf-8", { fatal: true });
// Excel on Windows saves "CSV" in the ANSI code page; reading those bytes as UTF-8 would garble names.
const windows1252 = new TextDecoder("windows-1252");

/** The file's text: UTF-8 (a byte order mark is dropped), else Windows-1252. */
export function decodeCsvText(bytes: Uint8Array): string {
  try {
    return utf8.decode(bytes);
  } catch {
    return windows1252.decode(bytes);
  }
}

const lineBreak = /\r\n|\r|\n/g;

/** Where each line starts, so an offset can be told as a line number. */
function lineStarts(text: string): number[] {
  const starts = [0];
  for (const match of text.matchAll(lineBreak)) starts.push(match.index + match[0].length);
  return starts;
}

/**
 * Every non-blank record of the text, in order. Papaparse reads quotes, separators inside quotes,
 * line breaks inside quotes and CRLF; the delimiter is guessed among comma, semicolon (Excel in
 * many European locales) and tab. Records whose cells are all blank are skipped, as the browser's
 * count skips them (papaparse's "greedy"), but they still count as lines of the file.
 */
export function csvRecords(input: string): CsvRecord[] {
  const text = input.startsWith("\ufeff") ? input.slice(1) : input;
  const starts = lineStarts(text);
  const records: CsvRecord[] = [];
  let start = 0;
  let line = 1;
  Papa.parse<string[]>(text, {
    header: false,
    delimitersToGuess: [",", ";", "\t"],
    step: (result) => {
      // The cursor is where the record ends; the next one starts there.
      while (line < starts.length && (starts[line] ?? Number.POSITIVE_INFINITY) <= start) line++;
      const cells = result.data;
      const quoteError = result.errors.find((error) => error.type === "Quotes");
      if (cells.some((cell) => cell.trim() !== "")) {
        records.push({ line, cells, malformed: quoteError ? `Malformed quotes: ${quoteError.message}` : null });
      }
      start = result.meta.cursor;
    },
  });
  return records;
}
