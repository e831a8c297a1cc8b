// The person writes of the browser, as outbox commands: what is sent and what shows at once.
import {
  type PersonProfile,
  type PersonProfileChanges,
  personTextFields,
} from "@hirestream/contracts/people/profile.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import type { Command } from "../../replica/outbox.ts";

/** Text is stored trimmed and blank text is no text: the server's `tidy` (person.decider.ts). */
function tidyText(value: string | null): string | null {
  if (value === null) return null;
  const trimmed = value.trim();
  return trimmed === "" ? null : trimmed;
}

/**
 * The changes that differ from `profile`, tidied as the server will store them. An edit that only
 * adds spaces is no change, so it neither queues a write nor shows as pending.
 */
export function personChanges(profile: PersonProfile, changes: PersonProfileChanges): PersonProfileChanges {
  const changed: PersonProfileChanges = {};
  for (const name of personTextFields) {
    const value = changes[name];
    if (value === undefined) continue;
    const tidied = tidyText(value);
    if (tidied !== profile[name]) changed[name] = tidied;
  }
  if (changes.experience !== undefined && !sameJson(changes.experience, profile.experience))
    changed.experience = changes.experience;
  if (changes.education !== undefined && !sameJson(changes.education, profile.education))
    changed.education = changes.education;
  return changed;
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** A row as a screen holds it: maybe with the replica's bookkeeping, which is not the server's to see. */
export type ShownPerson = PersonRow & { scopes?: string[]; _pending?: number };

/**
 * Edit profile: sends only the fields that changed and shows them at once. Null when nothing
 * changed, so there is nothing to send.
 */
export function updatePerson(row: ShownPerson, changes: PersonProfileChanges, now: Date): Command | null {
  const attributes = personChanges(row, changes);
  if (Object.keys(attributes).length === 0) return null;
  const { scopes: _scopes, _pending, ...plain } = row;
  const next: PersonRow = { ...plain, updated_at: now.toISOString() };
  for (const name of personTextFields) {
    const value = attributes[name];
    if (value !== undefined) next[name] = value;
  }
  if (attributes.experience !== undefined) next.experience = attributes.experience;
  if (attributes.education !== undefined) next.education = attributes.education;
  return {
    method: "PUT",
    path: `/people/${row.id}`,
    body: { data: { type: "people", id: row.id, attributes } },
    optimistic: [{ table: "people", id: row.id, next }],
  };
}
