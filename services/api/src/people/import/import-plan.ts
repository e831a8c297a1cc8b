// What each good row of an import becomes, given the people already known: decided before any
// command runs, so that rows of one file never race each other for the same person.
import type { PersonProfile } from "@hirestream/contracts/people/profile.ts";
import { scopedId } from "@hirestream/eventstore/event-id.ts";
import type { ImportRow } from "./import-rows.ts";

/** A person the importer already reaches: their own, or one in the target workspace. */
export interface KnownPerson {
  id: string;
  ownerId: string;
  workspaceIds: readonly string[];
  /** Its addresses, trimmed and lower-cased. */
  emails: readonly string[];
}

export type PlannedRow =
  | { kind: "add"; line: number; personId: string; identity: string; profile: PersonProfile }
  | { kind: "assign"; line: number; personId: string }
  /** `personId` is the known person matched; none when an earlier row of the file stands for it. */
  | { kind: "existing"; line: number; personId?: string };

export interface ImportTarget {
  userId: string;
  workspaceId: string | null;
}

/**
 * A new person's id follows from the importer and the primary address, so two imports of the same
 * file (even at once) name the same person and the second one's AddPerson finds it exists.
 */
export const importedPersonId = (userId: string, identity: string) => scopedId(userId, identity);

/** A person already in the target workspace needs nothing; one only in the pool would be assigned. */
function preferred(matches: KnownPerson[], target: ImportTarget): KnownPerson | undefined {
  const rank = (person: KnownPerson) =>
    target.workspaceId !== null && person.workspaceIds.includes(target.workspaceId) ? 0 : 1;
  return [...matches].sort((a, b) => rank(a) - rank(b) || a.id.localeCompare(b.id))[0];
}

/**
 * Each row: an earlier row of the file already stands for the same address or person → existing;
 * a known person has one of its addresses → existing, or assigned when importing into a workspace
 * the person is not in yet; otherwise a new person. Existing people's fields are left as they are.
 */
export function planImport(rows: readonly ImportRow[], known: readonly KnownPerson[], target: ImportTarget) {
  const byEmail = new Map<string, KnownPerson[]>();
  for (const person of known) {
    for (const email of person.emails) byEmail.set(email, [...(byEmail.get(email) ?? []), person]);
  }
  const seenEmails = new Set<string>();
  const seenPeople = new Set<string>();
  const planned: PlannedRow[] = [];
  for (const row of rows) {
    const matches = [...new Set(row.identity.flatMap((email) => byEmail.get(email) ?? []))];
    const match = preferred(matches, target);
    const earlier = row.identity.some((email) => seenEmails.has(email)) || (match && seenPeople.has(match.id));
    for (const email of row.identity) seenEmails.add(email);
    if (earlier) {
      planned.push({ kind: "existing", line: row.line });
    } else if (match) {
      seenPeople.add(match.id);
      const assign = target.workspaceId !== null && !match.workspaceIds.includes(target.workspaceId);
      planned.push(
        assign
          ? { kind: "assign", line: row.line, personId: match.id }
          : { kind: "existing", line: row.line, personId: match.id },
      );
    } else {
      const [identity] = row.identity;
      const personId = importedPersonId(target.userId, identity);
      seenPeople.add(personId);
      planned.push({ kind: "add", line: row.line, personId, identity, profile: row.profile });
    }
  }
  return planned;
}
