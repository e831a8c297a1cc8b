// Rows for the pipeline's replica tests, stored as sync would store them.
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import type { PersonRow } from "@hirestream/contracts/people/rows.ts";
import type { Stored } from "../../../replica/replica-db.ts";

export const workspaceId = "0b7f5d7e-2f8c-4c1a-a7a4-5c5b9c1e2d33";
export const otherWorkspaceId = "1c8e6e8f-3f9d-4d2b-b8b5-6d6c0d2f3e44";
export const projectId = "5d1e7c3a-9b2f-4e6d-8a1c-3f5b7d9e1a2c";
export const otherProjectId = "6e2f8d4b-0c3a-4f7e-9b2d-4a6c8e0f2b3d";
export const ownerId = "6f1c2a4e-8a1b-4c55-9d0e-3f2b1a0c9d11";
const at = "2026-11-01T08:00:00.000Z";

/** A uuid numbered `n`, for people and stages. */
export const uuid = (n: number) => `00000000-0000-4000-8000-${String(n).padStart(12, "0")}`;

export function person(n: number, fields: Partial<PersonRow> = {}): Stored<PersonRow> {
  return {
    ...emptyProfile(),
    id: uuid(n),
    owner_id: ownerId,
    workspace_ids: [workspaceId],
    first_name: `Person${n}`,
    last_name: "Example",
    created_at: at,
    updated_at: at,
    ...fields,
    scopes: [`ws:${workspaceId}`],
    _pending: 0,
  };
}

export function candidacy(
  personId: string,
  stage: { id: string; name: string },
  fields: Partial<CandidacyRow> = {},
): Stored<CandidacyRow> {
  const project = fields.project_id ?? projectId;
  return {
    id: candidacyIdOf(project, personId),
    project_id: project,
    workspace_id: workspaceId,
    person_id: personId,
    stage_id: stage.id,
    status: stage.name,
    response: null,
    stage_entered_at: at,
    created_at: at,
    updated_at: at,
    ...fields,
    scopes: [`ws:${workspaceId}`],
    _pending: 0,
  };
}
