// Inserting `{{name}}` where the cursor is (spec §5: "Insert goes to the focused field").
import { placeholderOf } from "@hirestream/contracts/sequences/variables.ts";

export interface Inserted {
  text: string;
  /** Where the cursor goes: right after the placeholder. */
  cursor: number;
}

/** Replaces the selection `[start, end)` (or inserts at the cursor) with the variable's placeholder. */
export function insertVariable(text: string, name: string, start: number | null, end: number | null): Inserted {
  const from = clamp(start ?? text.length, text.length);
  const to = Math.max(from, clamp(end ?? from, text.length));
  const placeholder = placeholderOf(name);
  return { text: text.slice(0, from) + placeholder + text.slice(to), cursor: from + placeholder.length };
}

function clamp(at: number, length: number): number {
  return Math.min(Math.max(0, at), length);
}
