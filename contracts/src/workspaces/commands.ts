import { z } from "zod";

export const WORKSPACE_DESCRIPTION_MAX = 500;

const name = z.string({ error: "This field is required" }).max(1000);
const description = z
  .string()
  .max(WORKSPACE_DESCRIPTION_MAX, { error: `is too long (maximum is ${WORKSPACE_DESCRIPTION_MAX} characters)` });

export const createWorkspaceAttributes = z
  .object({
    name,
    description: description.nullable().optional(),
    /** Sent by the spec's client; the creator is always the owner, whatever it says. */
    user_id: z.uuid().optional(),
    visible: z.boolean().optional(),
  })
  .strict();

export const updateWorkspaceAttributes = z
  .object({ name: name.optional(), description: description.optional(), visible: z.boolean().optional() })
  .strict();
