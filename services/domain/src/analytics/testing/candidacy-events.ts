import { at, type Examples, ids } from "./example-ids.ts";

export const candidacyEvents: Examples<
  "CandidacyAdded" | "CandidacyMoved" | "CandidacyResponseSet" | "CandidacyRemoved"
> = {
  CandidacyAdded: {
    type: "CandidacyAdded",
    data: {
      candidacyId: ids.candidacy,
      projectId: ids.project,
      workspaceId: ids.workspace,
      personId: ids.person,
      stageId: ids.stageA,
      stageName: "Sourced",
      at,
    },
  },
  CandidacyMoved: {
    type: "CandidacyMoved",
    data: {
      candidacyId: ids.candidacy,
      projectId: ids.project,
      workspaceId: ids.workspace,
      fromStageId: ids.stageA,
      toStageId: ids.stageB,
      toStageName: "Interview",
      at: "2026-11-03T10:00:00.000Z",
    },
  },
  CandidacyResponseSet: {
    type: "CandidacyResponseSet",
    data: { candidacyId: ids.candidacy, projectId: ids.project, workspaceId: ids.workspace, response: "interested" },
  },
  CandidacyRemoved: {
    type: "CandidacyRemoved",
    data: {
      candidacyId: ids.candidacy,
      projectId: ids.project,
      workspaceId: ids.workspace,
      at: "2026-11-04T10:00:00.000Z",
    },
  },
};
