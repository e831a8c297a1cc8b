import type { CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import type { Candidacy } from "@hirestream/domain/candidacy/candidacy.decider.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import type { CandidacyListRow } from "./candidacy-queries.ts";

interface CandidacyFields {
  id: string;
  person_id: string;
  project_id: string;
  workspace_id: string;
  stage_id: string;
  status: string;
  response: CandidacyResponse | null;
}

/** A `project_person` as API.md has it travel: attributes, its stage, person and workspace, and no sequence yet. */
function projectPerson(fields: CandidacyFields, extra: Record<string, unknown>): ResourceObject {
  return {
    id: fields.id,
    type: "project_person",
    attributes: {
      person_id: fields.person_id,
      project_id: fields.project_id,
      project_person_id: fields.id,
      workspace_id: fields.workspace_id,
      stage_id: fields.stage_id,
      status: fields.status,
      response: fields.response,
      ...extra,
    },
    relationships: {
      stage: { data: { id: fields.stage_id, type: "stage" } },
      person: { data: { id: fields.person_id, type: "person" } },
      workspace: { data: { id: fields.workspace_id, type: "workspace" } },
    },
    // Sequences arrive later; until then nobody is in one.
    meta: { current_sequence_processor: null },
  };
}

export function candidacyResource(row: CandidacyListRow): ResourceObject {
  return projectPerson(row, {
    stage_entered_at: row.stage_entered_at.toISOString(),
    created_at: row.created_at.toISOString(),
    updated_at: row.updated_at.toISOString(),
  });
}

/** The same, found across projects: it names its project, which comes in `included`. */
export function searchedCandidacyResource(row: CandidacyListRow): ResourceObject {
  const resource = candidacyResource(row);
  return {
    ...resource,
    attributes: { ...resource.attributes, project_name: row.project_name },
    relationships: { ...resource.relationships, project: { data: { id: row.project_id, type: "project" } } },
  };
}

/** What the lists show of a candidate's person: names, addresses, avatar and where they work. */
export function includedPerson(row: CandidacyListRow): ResourceObject {
  const { first_name, last_name, email, email_second, email_work, avatar_url, company, title } = row;
  const { city, state, country, linkedin } = row;
  return {
    id: row.person_id,
    type: "person",
    attributes: {
      first_name,
      last_name,
      email,
      email_second,
      email_work,
      avatar_url,
      company,
      title,
      city,
      state,
      country,
      linkedin,
    },
  };
}

export function includedProject(row: CandidacyListRow): ResourceObject {
  return {
    id: row.project_id,
    type: "project",
    attributes: { name: row.project_name, status: row.project_status, workspace_id: row.workspace_id },
  };
}

/** Each record once, in the order first met. */
export function distinct(resources: ResourceObject[]): ResourceObject[] {
  return [...new Map(resources.map((resource) => [`${resource.type}/${resource.id}`, resource])).values()];
}

/**
 * A candidacy as a write leaves it, before read models catch up: its status is the stage's name
 * in the project's workflow now, or as its events recorded it when the workflow no longer has it.
 */
export function writtenCandidacy(
  candidacy: Candidacy,
  stages: readonly { id: string; name: string }[] | null,
): ResourceObject {
  const stageName = stages?.find((stage) => stage.id === candidacy.stageId)?.name ?? candidacy.stageName;
  return projectPerson(
    {
      id: candidacy.candidacyId,
      person_id: candidacy.personId,
      project_id: candidacy.projectId,
      workspace_id: candidacy.workspaceId,
      stage_id: candidacy.stageId,
      status: stageName,
      response: candidacy.response,
    },
    {},
  );
}
