// What screens show of a person: the name, where they are, the avatar's letters, safe links.
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";

type Named = Pick<PersonRow, "first_name" | "last_name" | "email">;
type Placed = Pick<PersonRow, "city" | "state" | "country">;

const present = (value: string | null | undefined): value is string => typeof value === "string" && value.trim() !== "";

/** first_name plus last_name (spec §2, Breadcrumbs), else the email, else 'Unnamed'. */
export function personFullName(person: Named): string {
  const name = [person.first_name, person.last_name]
    .filter(present)
    .map((part) => part.trim())
    .join(" ");
  if (name) return name;
  return present(person.email) ? person.email.trim() : "Unnamed";
}

/** "San Francisco, CA, United States"; empty when none is known. */
export function personLocation(person: Placed): string {
  return [person.city, person.state, person.country]
    .filter(present)
    .map((part) => part.trim())
    .join(", ");
}

/** First letters of first and last name, like a user's avatar; else the email's; else '?'. */
export function personInitials(person: Named): string {
  const letters = [person.first_name, person.last_name]
    .filter(present)
    .map((part) => Array.from(part.trim())[0] ?? "")
    .join("");
  if (letters) return letters.toUpperCase();
  return present(person.email) ? (Array.from(person.email.trim())[0] ?? "?").toUpperCase() : "?";
}

/**
 * The address when it is an http(s) URL, else null. Profile links come from CSV files and other
 * people's edits: anything else (javascript:, data:) must never become a link or an image source.
 */
export function httpUrl(value: string | null | undefined): string | null {
  if (!present(value)) return null;
  try {
    const url = new URL(value.trim());
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}
