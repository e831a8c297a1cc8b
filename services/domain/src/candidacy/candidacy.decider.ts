import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { candidacyMessages } from "@hirestream/contracts/candidacies/commands.ts";
import type { CandidacyEvent, CandidacyResponse } from "@hirestream/contracts/candidacies/events.ts";
import { DomainError } from "@hirestream/contracts/errors.ts";
import { mayReachProject } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { Decider } from "../decider.ts";
import {
  ARCHIVED_READ_ONLY,
  accessOf,
  type ExistingProject,
  mayOnProject,
  type ProjectContext,
} from "../project/project.decider.ts";

export type CandidacyCommand =
  /** Without a stage, into the first one. The candidacy's id follows from the project and the person. */
  | { type: "AddCandidacy"; data: { personId: string; stageId?: string | null | undefined } }
  | { type: "MoveCandidacy"; data: { stageId: string } }
  | { type: "SetCandidacyResponse"; data: { response: CandidacyResponse } }
  | { type: "RemoveCandidacy" };

export interface Candidacy {
  candidacyId: string;
  projectId: string;
  workspaceId: string;
  personId: string;
  stageId: string;
  /** The stage's name as the candidacy's events recorded it; the workflow's own may be newer. */
  stageName: string;
  response: CandidacyResponse | null;
}

export type CandidacyState =
  | { status: "unknown" }
  | { status: "active"; candidacy: Candidacy }
  /** Taken out of the project; adding the person again starts afresh. */
  | { status: "removed"; candidacy: Candidacy };

/** A stage of the project's workflow, as the pipeline needs it. */
export interface PipelineStage {
  id: string;
  name: string;
  position: number;
}

/** Who asks, their workspace roles, and the project the command concerns as its streams have it. */
export interface CandidacyContext extends ProjectContext {
  /** Null when the project is unknown or removed. */
  project: ExistingProject | null;
  /** The stages of the project's workflow; null when it has none. */
  stages: readonly PipelineStage[] | null;
  /** The actor's role in the project, when they are one of its members. */
  projectRole: ProjectRole | undefined;
  /**
   * The outreach engine's own move (a reply takes the candidate to the stage's on-response stage),
   * decided with no one signed in and so no one's role.
   */
  engine?: boolean;
}

const stagePointer = "/data/attributes/stage_id";

export const candidacyDecider: Decider<CandidacyState, CandidacyCommand, CandidacyEvent, CandidacyContext> = {
  initialState: () => ({ status: "unknown" }),

  evolve(state, event) {
    switch (event.type) {
      case "CandidacyAdded": {
        const { candidacyId, projectId, workspaceId, personId, stageId, stageName } = event.data;
        return {
          status: "active",
          candidacy: { candidacyId, projectId, workspaceId, personId, stageId, stageName, response: null },
        };
      }
      case "CandidacyMoved":
        if (state.status !== "active") return state;
        return {
          status: "active",
          candidacy: { ...state.candidacy, stageId: event.data.toStageId, stageName: event.data.toStageName },
        };
      case "CandidacyResponseSet":
        if (state.status !== "active") return state;
        return { status: "active", candidacy: { ...state.candidacy, response: event.data.response } };
      case "CandidacyRemoved":
        if (state.status !== "active") return state;
        return { status: "removed", candidacy: state.candidacy };
      default:
        return state;
    }
  },

  decide(state, command, context) {
    const project = writableProject(context);
    const { projectId, workspaceId } = project;
    const at = context.now.toISOString();
    switch (command.type) {
      case "AddCandidacy": {
        const stage = stageOf(context, command.data.stageId);
        if (state.status === "active") return [];
        const { personId } = command.data;
        const candidacyId = candidacyIdOf(projectId, personId);
        return [
          {
            type: "CandidacyAdded",
            data: { candidacyId, projectId, workspaceId, personId, stageId: stage.id, stageName: stage.name, at },
          },
        ];
      }
      case "MoveCandidacy": {
        const candidacy = activeIn(state, project);
        const stage = stageOf(context, command.data.stageId);
        if (stage.id === candidacy.stageId) return [];
        const { candidacyId, stageId: fromStageId } = candidacy;
        return [
          {
            type: "CandidacyMoved",
            data: {
              candidacyId,
              projectId,
              workspaceId,
              fromStageId,
              toStageId: stage.id,
              toStageName: stage.name,
              at,
            },
          },
        ];
      }
      case "SetCandidacyResponse": {
        const candidacy = activeIn(state, project);
        const { response } = command.data;
        if (response === candidacy.response) return [];
        return [
          {
            type: "CandidacyResponseSet",
            data: { candidacyId: candidacy.candidacyId, projectId, workspaceId, response },
          },
        ];
      }
      case "RemoveCandidacy": {
        const { candidacyId } = activeIn(state, project);
        return [{ type: "CandidacyRemoved", data: { candidacyId, projectId, workspaceId, at } }];
      }
      default: {
        const never: never = command;
        return never;
      }
    }
  },
};

/**
 * The project, if the actor may change its pipeline now. Permission before existence: a project
 * the actor cannot reach is unknown (404), whatever its state; a viewer is refused (403); an
 * archived project is read-only for everyone (422).
 */
export function writableProject(context: CandidacyContext): ExistingProject {
  const { project } = context;
  if (context.engine === true && context.actorId === null) {
    if (project === null) throw new DomainError("NOT_FOUND", "Project not found");
    if (project.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
    return project;
  }
  if (!context.actorId) throw new DomainError("UNAUTHENTICATED");
  if (project === null) throw new DomainError("NOT_FOUND", "Project not found");
  const access = accessOf(project, context, context.projectRole);
  if (!mayReachProject(access, project)) throw new DomainError("NOT_FOUND", "Project not found");
  // Spec §6: a project's viewer modifies nothing; its owners, managers and collaborators work its pipeline.
  if (!mayOnProject(project, access, "pipeline.work"))
    throw new DomainError("FORBIDDEN", "Your role does not allow changing this project's candidates");
  if (project.status === "Archived") throw new DomainError("VALIDATION", ARCHIVED_READ_ONLY);
  return project;
}

/** The stage named, which must be one of the project's; none named is the first (position 0). */
export function stageOf(context: CandidacyContext, stageId: string | null | undefined): PipelineStage {
  const { stages } = context;
  if (stages === null || stages.length === 0) throw new DomainError("VALIDATION", candidacyMessages.noWorkflow);
  const stage =
    stageId == null
      ? stages.reduce((first, next) => (next.position < first.position ? next : first))
      : stages.find((candidate) => candidate.id === stageId);
  if (!stage) throw new DomainError("VALIDATION", candidacyMessages.notAStage, stagePointer);
  return stage;
}

/** A candidacy of another project, or one taken out of this one, is as unknown as a missing one. */
function activeIn(state: CandidacyState, project: ExistingProject): Candidacy {
  if (state.status !== "active" || state.candidacy.projectId !== project.projectId)
    throw new DomainError("NOT_FOUND", "Candidate not found");
  return state.candidacy;
}
