import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";
import type { ResourceObject } from "../http/jsonapi.ts";
import { readableProjectIds } from "../projects/readable-projects.ts";

type InvitationRecord = Database["read.invitations"] & {
  from_first_name: string | null;
  from_last_name: string | null;
  from_email: string | null;
};

/** Spec §3's invitation: its fields as the spec names them, `update_at` included. */
export function invitationResource(row: InvitationRecord): ResourceObject {
  return {
    id: row.id,
    type: "invitation",
    attributes: {
      user_to_id: row.to_user_id,
      user_to_email: row.to_email,
      user_from_id: row.from_user_id,
      invitable_id: row.invitable_id,
      invitable_type: row.invitable_type,
      workspace_role: row.workspace_role,
      project_role: row.project_role,
      status: row.status,
      update_at: row.updated_at.toISOString(),
      created_at: row.created_at.toISOString(),
    },
    relationships: {
      user_from: { data: { id: row.from_user_id, type: "user" } },
      invitable: { data: { id: row.invitable_id, type: row.invitable_type.toLowerCase() } },
    },
  };
}

/** The inviter and what the invitation opens, each with its name (spec §3). */
export function invitationIncluded(rows: InvitationRecord[]): ResourceObject[] {
  const included = new Map<string, ResourceObject>();
  for (const row of rows) {
    included.set(`user/${row.from_user_id}`, {
      id: row.from_user_id,
      type: "user",
      attributes: {
        first_name: row.from_first_name ?? "",
        last_name: row.from_last_name ?? "",
        email: row.from_email ?? "",
        name: row.from_name,
      },
    });
    const type = row.invitable_type.toLowerCase();
    included.set(`${type}/${row.invitable_id}`, {
      id: row.invitable_id,
      type,
      attributes: { name: row.invitable_name },
    });
  }
  return [...included.values()];
}

function withInviter(deps: Deps) {
  return deps.db
    .selectFrom("read.invitations as i")
    .leftJoin("read.users as u", "u.id", "i.from_user_id")
    .selectAll("i")
    .select(["u.first_name as from_first_name", "u.last_name as from_last_name", "u.email as from_email"]);
}

/** The user's own waiting invitations, by account or, before it was known, by email: the bell. */
export function waitingInvitationsOf(deps: Deps, user: { userId: string; email: string }) {
  return withInviter(deps)
    .where("i.status", "=", "waiting")
    .where((eb) =>
      eb.or([
        eb("i.to_user_id", "=", user.userId),
        eb.and([eb("i.to_user_id", "is", null), eb("i.to_email", "=", user.email.toLowerCase())]),
      ]),
    )
    .orderBy("i.created_at", "desc")
    .orderBy("i.id")
    .execute();
}

/**
 * Waiting invitations to a project, or to a workspace and those of its projects the user may
 * read (readable-projects.ts): the Access tab's Pending rows.
 */
export function waitingInvitationsTo(
  deps: Deps,
  userId: string,
  where: { projectId: string } | { workspaceId: string | "me" },
) {
  const query = withInviter(deps).where("i.status", "=", "waiting");
  return (
    "projectId" in where
      ? query.where("i.invitable_id", "=", where.projectId)
      : query
          .where((eb) =>
            where.workspaceId === "me"
              ? eb(
                  "i.workspace_id",
                  "in",
                  eb.selectFrom("read.workspace_members").select("workspace_id").where("user_id", "=", userId),
                )
              : eb("i.workspace_id", "=", where.workspaceId),
          )
          .where((eb) =>
            eb.or([
              eb("i.invitable_type", "=", "Workspace"),
              eb("i.invitable_id", "in", readableProjectIds(deps.db, userId)),
            ]),
          )
  )
    .orderBy("i.created_at")
    .orderBy("i.id")
    .execute();
}

/** One invitation as the read model has it, for the answer to a write. */
export function findInvitation(deps: Deps, invitationId: string) {
  return withInviter(deps).where("i.id", "=", invitationId).executeTakeFirst();
}
