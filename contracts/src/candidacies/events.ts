import { z } from "zod";

/** A candidate's answer to outreach (spec §3 Project person). */
export const candidacyResponses = ["interested", "not_interested", "follow_up"] as const;
export type CandidacyResponse = (typeof candidacyResponses)[number];

/**
 * One person in one project (the spec's project person). Stage changes carry their time, so the
 * time a candidate spent in each stage can be replayed from the stream alone.
 */
export const candidacyAdded = z.object({
  type: z.literal("CandidacyAdded"),
  data: z.object({
    candidacyId: z.uuid(),
    projectId: z.uuid(),
    workspaceId: z.uuid(),
    personId: z.uuid(),
    stageId: z.uuid(),
    /**
     * The stage's name when the candidate entered it: the read model's `status`, which projections
     * cannot look up elsewhere. Later renames reach it through the workflow's own events.
     */
    stageName: z.string(),
    /** ISO instant the candidate entered the stage. */
    at: z.iso.datetime({ offset: true }),
  }),
});

export const candidacyMoved = z.object({
  type: z.literal("CandidacyMoved"),
  data: z.object({
    candidacyId: z.uuid(),
    projectId: z.uuid(),
    workspaceId: z.uuid(),
    fromStageId: z.uuid(),
    toStageId: z.uuid(),
    /** The name of the stage moved to, as CandidacyAdded's `stageName`. */
    toStageName: z.string(),
    at: z.iso.datetime({ offset: true }),
  }),
});

export const candidacyResponseSet = z.object({
  type: z.literal("CandidacyResponseSet"),
  data: z.object({
    candidacyId: z.uuid(),
    projectId: z.uuid(),
    workspaceId: z.uuid(),
    response: z.enum(candidacyResponses),
  }),
});

/** Taken out of the project; the person stays in the workspace and the talent pool. */
export const candidacyRemoved = z.object({
  type: z.literal("CandidacyRemoved"),
  data: z.object({
    candidacyId: z.uuid(),
    projectId: z.uuid(),
    workspaceId: z.uuid(),
    at: z.iso.datetime({ offset: true }),
  }),
});

export const candidacyEvent = z.discriminatedUnion("type", [
  candidacyAdded,
  candidacyMoved,
  candidacyResponseSet,
  candidacyRemoved,
]);
export type CandidacyEvent = z.infer<typeof candidacyEvent>;
