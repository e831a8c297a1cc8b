import { z } from "zod";
import { messages } from "../messages.ts";
import { text } from "../text.ts";

export const WORKSPACE_DESCRIPTION_MAX = 500;

// Missing is "required"; any other wrong type keeps zod's own message, which says what was expected.
const name = text({ error: (issue) => (issue.input === undefined ? messages.required : undefined) }).max(1000);
const description = text().max(WORKSPACE_DESCRIPTION_MAX, {
  error: `is too long (maximum is ${WORKSPACE_DESCRIPTION_MAX} characters)`,
});

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
