import { z } from "zod";
import { messages } from "../messages.ts";
import { projectRoles } from "./events.ts";

/** PUT /projects/{p}/project_users/{id} {role} (spec §7). */
export const projectUserAttributes = z
  .object({
    role: z.enum(projectRoles, {
      error: (issue) => (issue.input === undefined ? messages.required : `must be one of ${projectRoles.join(", ")}`),
    }),
  })
  .strict();
