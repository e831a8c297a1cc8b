// One written name as first and last: the last word is the family name, as most profiles on the
// network write names; a single word is a first name only. Nothing is invented for the other half.
import { cleanText } from "./clean-text.ts";

export interface SplitName {
  first: string | null;
  last: string | null;
}

export function splitName(name: string | null | undefined): SplitName {
  // "Ana Sousa, PhD": what follows a comma is credentials, not a part of the name.
  const words = (cleanText(name?.split(",")[0]) ?? "").split(" ").filter((word) => word !== "");
  if (words.length === 0) return { first: null, last: null };
  if (words.length === 1) return { first: words[0] ?? null, last: null };
  return { first: cleanText(words.slice(0, -1).join(" ")), last: words.at(-1) ?? null };
}
