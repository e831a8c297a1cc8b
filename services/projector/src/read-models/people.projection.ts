import { type PersonRow, personRow } from "@hirestream/contracts/people/rows.ts";
import { applyChanges } from "@hirestream/domain/person/person.decider.ts";
import type { Projection } from "../projection.ts";

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
      default:
        return [];
    }
  },
  apply(rows, event, { occurredAt }) {
    switch (event.type) {
      case "PersonAdded": {
        const { personId, ownerId, profile, workspaceId } = event.data;
        rows.put({
          ...profile,
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
        if (person) rows.put({ ...person, ...applyChanges(person, event.data.changes), updated_at: occurredAt });
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
      default:
        return;
    }
  },
  scopes: (person) => [`user:${person.owner_id}`, ...person.workspace_ids.map((id) => `ws:${id}`)],
  // Not its workspaces: see personSyncRow.
  toClient: ({ workspace_ids: _workspaceIds, ...person }) => person,
};
