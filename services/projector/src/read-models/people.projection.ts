import { optOutIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import { personEmailFields } from "@hirestream/contracts/people/profile.ts";
import { type PersonRow, personRow } from "@hirestream/contracts/people/rows.ts";
import { applyChanges } from "@hirestream/domain/person/person.decider.ts";
import type { EventContext, Projection } from "../projection.ts";
import { optOutsProjection } from "./opt-outs.projection.ts";

type Emails = Partial<Record<(typeof personEmailFields)[number], string | null | undefined>>;

/** The opt-out ids of the addresses a profile (or a change of it) names. */
function optOutIdsOf(emails: Emails): string[] {
  return personEmailFields.flatMap((field) => {
    const email = emails[field]?.trim();
    return email ? [optOutIdOf(email)] : [];
  });
}

/** The latest opt-out of any of a person's addresses, as the person's mark; none leaves the row as it was. */
function optOutMark(emails: Emails, related: EventContext["related"]) {
  const found = optOutIdsOf(emails)
    .map((id) => related(optOutsProjection, id))
    .filter((row) => row !== undefined)
    .sort((a, b) => Date.parse(b.opted_out_at) - Date.parse(a.opted_out_at))[0];
  return found === undefined
    ? {}
    : { opted_out_at: found.opted_out_at, opt_out_source: found.source, opted_out_address: found.address };
}

/**
 * The people read model. A person is synced to its owner (the talent pool) and to every
 * workspace it is in, so those members' browsers can show and search it offline.
 */
export const peopleProjection: Projection<PersonRow> = {
  table: "people",
  row: personRow,
  entity: "person",
  keys(event) {
    switch (event.type) {
      case "PersonAdded":
      case "PersonProfileChanged":
      case "PersonAddedToWorkspace":
        return [{ column: "id", value: event.data.personId }];
      case "AddressOptedOut":
        return event.data.personIds.map((value) => ({ column: "id", value }));
      default:
        return [];
    }
  },
  related(event) {
    // Someone known by an address that opted out before is marked too (a run for them is refused anyway).
    switch (event.type) {
      case "PersonAdded":
        return optOutIdsOf(event.data.profile).map((id) => ({ projection: optOutsProjection, id }));
      case "PersonProfileChanged":
        return optOutIdsOf(event.data.changes).map((id) => ({ projection: optOutsProjection, id }));
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt, related }) {
    switch (event.type) {
      case "PersonAdded": {
        const { personId, ownerId, profile, workspaceId } = event.data;
        rows.put({
          ...profile,
          // Written out even when null, as a row read back from the table has them.
          opted_out_at: null,
          opt_out_source: null,
          opted_out_address: null,
          ...optOutMark(profile, related),
          id: personId,
          owner_id: ownerId,
          workspace_ids: workspaceId ? [workspaceId] : [],
          created_at: occurredAt,
          updated_at: occurredAt,
        });
        return;
      }
      case "PersonProfileChanged": {
        const person = rows.get(event.data.personId);
        if (person) {
          rows.put({
            ...person,
            ...applyChanges(person, event.data.changes),
            ...optOutMark(event.data.changes, related),
            updated_at: occurredAt,
          });
        }
        return;
      }
      case "PersonAddedToWorkspace": {
        const person = rows.get(event.data.personId);
        const { workspaceId } = event.data;
        if (person && !person.workspace_ids.includes(workspaceId)) {
          rows.put({ ...person, workspace_ids: [...person.workspace_ids, workspaceId], updated_at: occurredAt });
        }
        return;
      }
      case "AddressOptedOut": {
        // Marked wherever they are seen: each workspace may clear it for itself (opt-out clearances).
        const { personIds, address, source, at } = event.data;
        for (const id of personIds) {
          const person = rows.get(id);
          if (!person) continue;
          rows.put({
            ...person,
            opted_out_at: at,
            opt_out_source: source,
            opted_out_address: address,
            updated_at: occurredAt,
          });
        }
        return;
      }
      default:
        return;
    }
  },
  scopes: (person) => [`user:${person.owner_id}`, ...person.workspace_ids.map((id) => `ws:${id}`)],
  // Not its workspaces: see personSyncRow.
  toClient: ({ workspace_ids: _workspaceIds, ...person }) => person,
};
