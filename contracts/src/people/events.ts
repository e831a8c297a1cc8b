import { z } from "zod";
import { personProfile, personProfileChanges } from "./profile.ts";

export const personSources = ["manual", "import", "extension"] as const;

/** A person enters its owner's talent pool; given a workspace, it is in that workspace too. */
export const personAdded = z.object({
  type: z.literal("PersonAdded"),
  data: z.object({
    personId: z.uuid(),
    ownerId: z.uuid(),
    profile: personProfile,
    workspaceId: z.uuid().nullable(),
    source: z.enum(personSources),
  }),
});

export const personProfileChanged = z.object({
  type: z.literal("PersonProfileChanged"),
  data: z.object({ personId: z.uuid(), changes: personProfileChanges }),
});

/** Workspace members see the person from now on (an import into the workspace, an assignment). */
export const personAddedToWorkspace = z.object({
  type: z.literal("PersonAddedToWorkspace"),
  data: z.object({ personId: z.uuid(), workspaceId: z.uuid() }),
});

export const personEvent = z.discriminatedUnion("type", [personAdded, personProfileChanged, personAddedToWorkspace]);
export type PersonEvent = z.infer<typeof personEvent>;
