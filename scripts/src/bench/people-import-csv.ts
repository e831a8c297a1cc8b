import { type PersonTextField, personTextFields } from "@hirestream/contracts/people/profile.ts";
import { samplePerson } from "./people-import-sample.ts";

/**
 * The columns as exports from spreadsheets and other CRMs name them, not our field names: the
 * import reads headers by name and alias, and that reading is part of what is timed.
 */
const headers: Record<PersonTextField, string> = {
  first_name: "First Name",
  last_name: "Last Name",
  email: "E-mail",
  email_second: "Personal Email",
  email_work: "Work Email",
  phone: "Phone",
  city: "City",
  state: "State",
  country: "Country",
  degree: "Degree",
  company: "Company",
  title: "Job Title",
  linkedin: "LinkedIn URL",
  github: "GitHub",
  twitter: "Twitter",
  facebook: "Facebook",
  website: "Website",
  avatar_url: "Photo URL",
  about: "About",
};

/** RFC 4180: a cell holding a comma, a quote or a line break is quoted, its quotes doubled. */
function cell(value: string | null): string {
  if (value === null) return "";
  return /[",\r\n]/.test(value) ? `"${value.replaceAll('"', '""')}"` : value;
}

/**
 * A file of `rows` people with every text field, CRLF line ends as spreadsheets write them. Some
 * companies and titles hold commas (quoted), one About has quotes in it and one spans two lines.
 */
export function peopleCsv(rows: number, tag: string): string {
  const lines = [personTextFields.map((field) => headers[field]).join(",")];
  for (let index = 0; index < rows; index++) {
    const person = samplePerson(index, tag);
    if (index === Math.floor(rows / 4)) person.about = `Goes by "Ace" at work. ${person.about ?? ""}`;
    if (index === Math.floor(rows / 2))
      person.about = `Open to relocation.\nReferences on request. ${person.about ?? ""}`;
    lines.push(personTextFields.map((field) => cell(person[field])).join(","));
  }
  return `${lines.join("\r\n")}\r\n`;
}
