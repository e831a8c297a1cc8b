// The header row of an import names the columns; this tells which Person field each one fills.
import { type PersonTextField, personTextFields } from "@hirestream/contracts/people/profile.ts";

/**
 * Other names spreadsheets and CRM exports commonly give these columns, after `normalizeHeader`.
 * Kept small on purpose: a field's own name always works, and an unknown column is reported back,
 * not guessed at. Experience and education are lists: no CSV column fills them. A Map, not an
 * object, so that a column named "constructor" finds nothing.
 */
const aliases: ReadonlyMap<string, PersonTextField> = new Map(
  Object.entries({
    firstname: "first_name",
    given_name: "first_name",
    lastname: "last_name",
    surname: "last_name",
    family_name: "last_name",
    e_mail: "email",
    email_address: "email",
    e_mail_address: "email",
    personal_email: "email_second",
    secondary_email: "email_second",
    work_email: "email_work",
    business_email: "email_work",
    phone_number: "phone",
    mobile: "phone",
    company_name: "company",
    organization: "company",
    job_title: "title",
    position: "title",
    headline: "title",
    linkedin_url: "linkedin",
    github_url: "github",
    twitter_url: "twitter",
    facebook_url: "facebook",
    website_url: "website",
    photo_url: "avatar_url",
    bio: "about",
    summary: "about",
  } satisfies Record<string, PersonTextField>),
);

/** Case, surrounding blanks and the spaces, dashes or underscores between words do not matter: "E-mail Address" → e_mail_address. */
export function normalizeHeader(name: string): string {
  return name
    .trim()
    .toLowerCase()
    .replace(/[\s_-]+/g, "_");
}

/** The field a column named so fills, if any. */
export function fieldOfHeader(name: string): PersonTextField | null {
  const normalized = normalizeHeader(name);
  return personTextFields.find((field) => field === normalized) ?? aliases.get(normalized) ?? null;
}

export interface HeaderMapping {
  /** By column index: the field it fills, or null when it is ignored. */
  columns: (PersonTextField | null)[];
  /** The columns that fill nothing, as the file names them; each once. */
  ignored: string[];
}

/**
 * Reads the header. A second column for a field already filled is ignored (the first one wins),
 * so a row never has two values for one field. A column with a blank name is reported by position.
 */
export function mapHeader(cells: readonly string[]): HeaderMapping {
  const taken = new Set<PersonTextField>();
  const ignored: string[] = [];
  const columns = cells.map((cell, index) => {
    const field = fieldOfHeader(cell);
    if (field === null || taken.has(field)) {
      const label = cell.trim() === "" ? `(column ${index + 1})` : cell.trim();
      if (!ignored.includes(label)) ignored.push(label);
      return null;
    }
    taken.add(field);
    return field;
  });
  return { columns, ignored };
}

/** True when some column fills one of these fields. */
export function mapsAny(mapping: HeaderMapping, fields: readonly PersonTextField[]): boolean {
  return mapping.columns.some((field) => field !== null && fields.includes(field));
}
