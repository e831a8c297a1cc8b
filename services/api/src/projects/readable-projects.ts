import { projectReach } from "@hirestream/contracts/permissions/permission-table.ts";
import type { Kysely } from "kysely";
import type { Database } from "../database.ts";

/**
 * The ids of the projects `userId` may read, as the permission table's `mayReachProject` says:
 * those they are a member of, and, while visible, every project of a workspace where their role
 * reaches all projects. Every query that returns a project's rows (the project, its candidacies,
 * members, invitations, workflow copy, files, figures) narrows by this, and so does the set of
 * sync scopes a browser may hold: one rule for both, so they cannot disagree.
 */
export function readableProjectIds(db: Kysely<Database>, userId: string) {
  return db
    .selectFrom("read.projects as rp")
    .innerJoin("read.workspace_members as rm", (join) =>
      join.onRef("rm.workspace_id", "=", "rp.workspace_id").on("rm.user_id", "=", userId),
    )
    .leftJoin("read.project_users as ru", (join) =>
      join.onRef("ru.project_id", "=", "rp.id").on("ru.user_id", "=", userId),
    )
    .select("rp.id")
    .where((eb) =>
      eb.or([
        eb("ru.role", "in", [...projectReach.projectRoles]),
        eb.and([eb("rp.visible", "=", true), eb("rm.role", "in", [...projectReach.workspaceRolesWhileVisible])]),
      ]),
    );
}
