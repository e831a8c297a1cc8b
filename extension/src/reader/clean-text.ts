// Page text is untrusted and laid out for eyes, not for storage: the reader keeps one line of it,
// short enough for the contracts' limits and free of what Postgres refuses.
import { PERSON_FIELD_MAX } from "@hirestream/contracts/people/profile.ts";

// C0 controls other than whitespace (NUL above all) cannot be stored; whitespace is collapsed below.
// biome-ignore lint/suspicious/noControlCharactersInRegex: matching them is this pattern's purpose
const controls = /[\u0000-\u0008\u000e-\u001f\u007f]/g;

/**
 * The text trimmed, its whitespace runs made one space, cut to `max` UTF-16 units (the unit zod's
 * `max` counts) without leaving half of a surrogate pair; null when nothing is left.
 */
export function cleanText(value: string | null | undefined, max: number = PERSON_FIELD_MAX): string | null {
  if (typeof value !== "string") return null;
  let text = value.replace(controls, "").replace(/\s+/g, " ").trim();
  if (text.length > max) {
    text = text.slice(0, max);
    if (/[\ud800-\udbff]$/.test(text)) text = text.slice(0, -1);
    text = text.trimEnd();
  }
  return text === "" ? null : text;
}

/** For addresses, which are checked whole rather than cut (a cut address leads elsewhere). */
export const UNCAPPED = Number.POSITIVE_INFINITY;

/** An element's visible words as one clean line. */
export function textOf(element: Element | null | undefined, max: number = PERSON_FIELD_MAX): string | null {
  return cleanText(element?.textContent, max);
}
