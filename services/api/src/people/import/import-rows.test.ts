import { IMPORT_MAX_ROWS, importMessages } from "@hirestream/contracts/people/import.ts";
import { emptyProfile, PERSON_ABOUT_MAX, PERSON_FIELD_MAX } from "@hirestream/contracts/people/profile.ts";
import { describe, expect, it } from "vitest";
import { mapHeader } from "./header-mapping.ts";
import { headerMessages, readImportFile, rowMessages, rowProfile } from "./import-rows.ts";

function read(text: string) {
  const result = readImportFile(text);
  if (!result.ok) throw new Error(`refused: ${result.detail}`);
  return result;
}

const rowsOf = (count: number) =>
  Array.from({ length: count }, (_, index) => `Person,${index},person${index}@example.com`).join("\n");

describe("readImportFile", () => {
  it("turns each row into a whole profile: mapped fields trimmed, the rest null", () => {
    const result = read("First Name,Last Name,E-mail,City,Notes\n  Ada , Lovelace ,ADA@Example.com, London ,x\n");
    expect(result.total).toBe(1);
    expect(result.rowErrors).toEqual([]);
    expect(result.ignoredColumns).toEqual(["Notes"]);
    expect(result.rows).toEqual([
      {
        line: 2,
        identity: ["ada@example.com"],
        profile: {
          ...emptyProfile(),
          first_name: "Ada",
          last_name: "Lovelace",
          email: "ADA@Example.com",
          city: "London",
        },
      },
    ]);
  });

  it("identifies a row by all three addresses, lower-cased, the first given being the primary", () => {
    const [row] = read("last_name,email,email_second,email_work\nX,,B@x.io,c@X.io\n").rows;
    expect(row?.identity).toEqual(["b@x.io", "c@x.io"]);
  });

  it("reports bad rows with their line in the file while good rows import", () => {
    const text = [
      "first_name,last_name,email,email_work",
      "Ada,,ada@example.com,",
      '"Multi',
      'line",,,',
      ",,nobody@example.com,",
      "Bo,,not-an-email,",
      "Cy,,cy@example.com,work@",
      "",
      "Di,,,di@work.example.com",
    ].join("\r\n");
    const result = read(text);
    expect(result.rows.map((row) => row.line)).toEqual([2, 9]);
    expect(result.rowErrors).toEqual([
      { line: 3, reason: rowMessages.noEmail },
      { line: 5, reason: rowMessages.noName },
      { line: 6, reason: rowMessages.invalidEmail("email") },
      { line: 7, reason: rowMessages.invalidEmail("email_work") },
    ]);
    expect(result.total).toBe(6);
  });

  it("names every problem of a row at once", () => {
    const result = read("first_name,email\n,\tbad\t\n");
    expect(result.rowErrors).toEqual([
      { line: 2, reason: `${rowMessages.noName}; ${rowMessages.invalidEmail("email")}` },
    ]);
  });

  it("refuses a field longer than the contract allows, on that row only", () => {
    const long = "x".repeat(PERSON_FIELD_MAX + 1);
    const about = "y".repeat(PERSON_ABOUT_MAX);
    const result = read(`first_name,email,about\n${long},a@example.com,\nAda,b@example.com,${about}\n`);
    expect(result.rowErrors).toEqual([
      { line: 2, reason: `first_name is too long (maximum is ${PERSON_FIELD_MAX} characters)` },
    ]);
    expect(result.rows.map((row) => row.profile.about?.length)).toEqual([PERSON_ABOUT_MAX]);
  });

  it("refuses a row holding a character Postgres cannot store", () => {
    const result = read("first_name,email\nA\u0000da,a@example.com\n");
    expect(result.rowErrors).toEqual([{ line: 2, reason: "first_name contains characters that cannot be stored" }]);
  });

  it("keeps formula-like cells exactly as written", () => {
    const text =
      'first_name,email,company,phone,title\n"=HYPERLINK(""http://evil"",""x"")",a@example.com,-2+3,+1 415 555,@SUM(A1)\n';
    const [row] = read(text).rows;
    expect(row?.profile).toMatchObject({
      first_name: '=HYPERLINK("http://evil","x")',
      company: "-2+3",
      phone: "+1 415 555",
      title: "@SUM(A1)",
    });
  });

  it("reports a row whose quote is never closed", () => {
    const result = read('first_name,email\nAda,a@example.com\n"Bo,b@example.com\nCy,c@example.com\n');
    expect(result.rows.map((row) => row.line)).toEqual([2]);
    expect(result.rowErrors).toEqual([{ line: 3, reason: expect.stringMatching(/^Malformed quotes/) }]);
  });

  it("answers a header without rows as an import of nothing", () => {
    expect(read("first_name,email\n")).toEqual({ ok: true, rows: [], rowErrors: [], ignoredColumns: [], total: 0 });
  });

  it(`takes ${IMPORT_MAX_ROWS} rows and refuses ${IMPORT_MAX_ROWS + 1} in the spec's words, blank lines not counting`, () => {
    const header = "first_name,last_name,email\n";
    expect(read(`${header}${rowsOf(IMPORT_MAX_ROWS)}\n\n,,\n`).total).toBe(IMPORT_MAX_ROWS);
    expect(readImportFile(`${header}${rowsOf(IMPORT_MAX_ROWS + 1)}`)).toEqual({
      ok: false,
      detail: "Limit of candidates must be less of 400",
    });
  });

  it("refuses an empty file and a file whose first line names no usable columns", () => {
    expect(readImportFile("")).toEqual({ ok: false, detail: importMessages.empty });
    expect(readImportFile("\ufeff\r\n\r\n")).toEqual({ ok: false, detail: importMessages.empty });
    expect(readImportFile("Ada,Lovelace,ada@example.com\n")).toEqual({ ok: false, detail: headerMessages.noEmail });
    expect(readImportFile("email,city\na@example.com,Rome\n")).toEqual({ ok: false, detail: headerMessages.noName });
  });
});

describe("rowProfile", () => {
  it("ignores cells beyond the header and reads missing cells as empty", () => {
    const mapping = mapHeader(["first_name", "email", "city"]);
    expect(rowProfile({ line: 2, cells: ["Ada", "a@example.com"], malformed: null }, mapping)).toEqual({
      profile: { ...emptyProfile(), first_name: "Ada", email: "a@example.com" },
    });
    expect(rowProfile({ line: 3, cells: ["Ada", "a@example.com", "Rome", "extra"], malformed: null }, mapping)).toEqual(
      {
        profile: { ...emptyProfile(), first_name: "Ada", email: "a@example.com", city: "Rome" },
      },
    );
  });
});
