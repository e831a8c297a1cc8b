import { z } from "zod";
import { listQuery } from "../lists.ts";
import { messages } from "../messages.ts";
import { projectRoles } from "../projects/events.ts";
import { text } from "../text.ts";
import { workspaceRoles } from "../workspaces/events.ts";
import { invitableTypes } from "./events.ts";

const oneOf = (values: readonly string[]) => (issue: { input?: unknown }) =>
  issue.input === undefined ? messages.required : `must be one of ${values.join(", ")}`;

/**
 * POST /invitations (API.md): whom, to what, with which roles. Roles arrive lowercased as the spec
 * has them; which roles this inviter may give for this invitee is the domain's to decide.
 */
export const sendInvitationAttributes = z
  .object({
    user_to_email: text({ error: (issue) => (issue.input === undefined ? messages.validEmail : undefined) }).max(320),
    invitable_type: z.enum(invitableTypes, { error: oneOf(invitableTypes) }),
    invitable_id: z.uuid({ error: (issue) => (issue.input === undefined ? messages.required : "must be a UUID") }),
    workspace_role: z.enum(workspaceRoles, { error: oneOf(workspaceRoles) }).nullish(),
    project_role: z.enum(projectRoles, { error: oneOf(projectRoles) }).nullish(),
    /** The Access tab's form also names the project; the invitable already does. */
    project_id: z.uuid().nullish(),
  })
  .strict();
export type SendInvitationAttributes = z.infer<typeof sendInvitationAttributes>;

/** PUT /invitations/{id}/accept and /reject carry empty attributes (spec §7). */
export const answerInvitationAttributes = z.object({}).strict();

/** GET /invitations, /projects/{id}/invitations, /workspaces/{id}/invitations: paged as every list (API.md). */
export const invitationListQuery = listQuery.omit({ search_by: true });
