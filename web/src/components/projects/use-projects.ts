import type { AvatarColor } from "@hirestream/contracts/accounts/events.ts";
import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { mayReachProject, type ProjectAccess } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { dequal } from "dequal";
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";
import { earlyProject, projectReadKey } from "../../first-screen/first-project.ts";
import { useEarlyAnswer } from "../../first-screen/use-early-answer.ts";
import { useLiveValue } from "../../hooks/use-live-value.ts";
import { markLoadStep } from "../../load-steps.ts";
import type { ReplicaDb, Stored } from "../../replica/replica-db.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { byNameThenId } from "../natural-order.ts";
import { type AccessMember, accessMembers } from "./project-access.ts";
import { projectRowOf } from "./project-commands.ts";
import { projectRolesOf } from "./project-permissions.ts";
import { shownProjectFor } from "./shown-project.ts";
import { workflowRowOf } from "./use-project-workflow.ts";

/** A project as lists show it: with its workspace's name and the user's roles there and in it. */
export interface ProjectListItem extends ProjectRow {
  workspaceName: string;
  role: WorkspaceRole;
  /** Undefined when the user is not one of its members (a workspace owner or manager sees it anyway). */
  projectRole: ProjectRole | undefined;
  /** Queued writes touch it: shown as pending until the server has them. */
  pending: boolean;
}

export interface ProjectScope {
  projects: ProjectListItem[];
  /** The workspaces the list covers (one, or every one of the user's for `me`), with the user's role. */
  workspaces: { id: string; name: string; role: WorkspaceRole }[];
}

const listItem = (
  project: Stored<ProjectRow>,
  workspaceName: string,
  role: WorkspaceRole,
  projectRole: ProjectRole | undefined,
): ProjectListItem => ({
  ...projectRowOf(project),
  workspaceName,
  role,
  projectRole,
  pending: project._pending > 0,
});

/** The user's standing toward a listed project, as the permission table takes it. */
export const accessTo = (project: Pick<ProjectListItem, "role" | "projectRole">): ProjectAccess => ({
  workspaceRole: project.role,
  projectRole: project.projectRole,
});

/**
 * The projects of one workspace, or of every workspace the user belongs to when `workspaceId` is
 * `me`. Undefined while loading; a workspace the user is not in lists nothing.
 */
export function useProjectScope(workspaceId: string, userId: string | undefined): ProjectScope | undefined {
  const { db } = useReplica();
  const scope = useLiveQuery(
    async () => (userId ? projectScope(db, workspaceId, userId) : noScope),
    [db, workspaceId, userId],
  );
  return scope;
}

const noScope: ProjectScope = { projects: [], workspaces: [] };

/**
 * One read transaction: three rounds of reads, each after the one before answered, and each on its
 * own would let a sync write made meanwhile go first, as a signed-in load's catch-up does.
 */
function projectScope(db: ReplicaDb, workspaceId: string, userId: string): Promise<ProjectScope> {
  return db.transaction("r", [db.workspace_members, db.workspaces, db.projects, db.project_users], async () => {
    const memberships = await db.workspace_members.where("user_id").equals(userId).toArray();
    const wanted = memberships.filter((member) => workspaceId === "me" || member.workspace_id === workspaceId);
    const rows = await db.workspaces.bulkGet(wanted.map((member) => member.workspace_id));
    const workspaces: ProjectScope["workspaces"] = [];
    wanted.forEach((member, index) => {
      const workspace = rows[index];
      if (workspace) workspaces.push({ id: workspace.id, name: workspace.name, role: member.role });
    });
    const byId = new Map(workspaces.map((workspace) => [workspace.id, workspace]));
    const [projects, projectRoles] = await Promise.all([
      db.projects
        .where("workspace_id")
        .anyOf([...byId.keys()])
        .toArray(),
      projectRolesOf(db, userId),
    ]);
    if (projects.length > 0) markLoadStep("rows-read");
    return {
      projects: projects.flatMap((project) => {
        const workspace = byId.get(project.workspace_id);
        if (!workspace) return [];
        const item = listItem(project, workspace.name, workspace.role, projectRoles.get(project.id));
        // The replica holds only what sync allows; this also drops a project the moment access goes.
        return mayReachProject(accessTo(item), item) ? [item] : [];
      }),
      workspaces: workspaces.sort(byNameThenId),
    };
  });
}

/** The project page's own rows. */
export interface ProjectWithWorkflow {
  /** With the user's roles. */
  project: ProjectListItem;
  /** Null when the project has none, or its copy has not reached the replica. */
  workflow: WorkflowRow | null;
  /** The signed-in user's id, from their row in the replica. */
  userId: string;
}

/**
 * One project with the user's roles, and its workflow, for the user signed in as `uid` (their
 * email). Null when the project is not (or no longer) the user's to open; undefined while loading,
 * and while the replica does not hold the user's own row. Read in one transaction: read after the
 * project, in a round and a render of its own, the workflow came a moment after the board's rows,
 * which showed that moment without their stages; and each round of reads on its own would let a
 * sync write made meanwhile go first (a signed-in load's catch-up writes while the screen reads).
 * The user's row is read in it too, by the email (shownProjectFor), rather than taken from the
 * user's own read: the project's read, begun only once that read had answered, came a live
 * query's round and a render after the first snapshot parts that bring both rows. Until it
 * answers, the load's early read of the same (first-project.ts), begun before the page rendered.
 */
export function useProjectWithWorkflow(
  projectId: string,
  uid: string | undefined,
): ProjectWithWorkflow | null | undefined {
  const { db } = useReplica();
  // The same answer while it says the same: a new one renders the whole project page again.
  const own = useLiveValue(() => readProjectWithWorkflow(db, projectId, uid), [db, projectId, uid]);
  const early = useEarlyAnswer(earlyProject, projectReadKey(projectId, uid), own !== undefined);
  // The page's own read taking over from the early one, saying the same, renders nothing again.
  const shown = useRef<ProjectWithWorkflow | null | undefined>(undefined);
  // Null (not the user's to open) is an answer too.
  const next = own !== undefined ? own : early;
  if (next === undefined || shown.current === undefined || !dequal(next, shown.current)) shown.current = next;
  return shown.current;
}

/** The project page's own rows, as useProjectWithWorkflow tells them. */
export async function readProjectWithWorkflow(
  db: ReplicaDb,
  projectId: string,
  uid: string | undefined,
): Promise<ProjectWithWorkflow | null | undefined> {
  if (!uid) return null;
  const tables = [db.users, db.projects, db.workspaces, db.workspace_members, db.project_users, db.workflows];
  return db.transaction("r", tables, async () => {
    const shown = await shownProjectFor(db, projectId, uid);
    if (!shown) return shown;
    const workflowId = shown.project.workflow_id;
    const workflow = workflowId ? await db.workflows.get(workflowId) : undefined;
    return {
      project: listItem(shown.project, shown.workspaceName, shown.role, shown.projectRole),
      workflow: workflow ? workflowRowOf(workflow) : null,
      userId: shown.userId,
    };
  });
}

/** The members of each workspace given, with their avatar colours where the replica holds them. */
export function useWorkspaceAccess(workspaceIds: readonly string[]): ReadonlyMap<string, AccessMember[]> | undefined {
  const { db } = useReplica();
  const key = [...workspaceIds].sort().join(",");
  return useLiveQuery(async () => {
    const ids = key === "" ? [] : key.split(",");
    const members = await db.workspace_members.where("workspace_id").anyOf(ids).toArray();
    const colors = await colorsOf(
      db,
      members.map((member) => member.user_id),
    );
    const access = new Map<string, AccessMember[]>();
    for (const id of ids) {
      access.set(
        id,
        accessMembers(
          members.filter((member) => member.workspace_id === id),
          colors,
        ),
      );
    }
    return access;
  }, [db, key]);
}

export interface ProjectAccessList {
  members: AccessMember[];
  /** The project_user row of each member, by user id: its id (for the calls) and last activity. */
  rows: ReadonlyMap<string, { id: string; lastActivity: string | null }>;
  pending: InvitationRow[];
}

/** A project's members (the Access tab) and its waiting invitations (its Pending rows). */
export function useProjectAccess(projectId: string): ProjectAccessList | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    const rows = await db.project_users.where("project_id").equals(projectId).toArray();
    const invitations = await db.invitations.where("invitable_id").equals(projectId).toArray();
    return {
      members: accessMembers(
        rows,
        await colorsOf(
          db,
          rows.map((row) => row.user_id),
        ),
      ),
      rows: new Map(rows.map((row) => [row.user_id, { id: row.id, lastActivity: row.last_activity }])),
      pending: invitations
        .filter((invitation) => invitation.status === "waiting")
        .sort((a, b) => a.created_at.localeCompare(b.created_at) || a.id.localeCompare(b.id)),
    };
  }, [db, projectId]);
}

/** Who has access to each project given (its members) and who is invited to it, for the list's badges. */
export function useProjectsAccess(projectIds: readonly string[]): ReadonlyMap<string, ProjectBadges> | undefined {
  const { db } = useReplica();
  const key = [...projectIds].sort().join(",");
  return useLiveQuery(async () => {
    const ids = key === "" ? [] : key.split(",");
    const rows = await db.project_users.where("project_id").anyOf(ids).toArray();
    const invitations = await db.invitations.where("invitable_id").anyOf(ids).toArray();
    const colors = await colorsOf(
      db,
      rows.map((row) => row.user_id),
    );
    return new Map(
      ids.map((id) => [
        id,
        {
          members: accessMembers(
            rows.filter((row) => row.project_id === id),
            colors,
          ),
          invited: invitations
            .filter((invitation) => invitation.invitable_id === id && invitation.status === "waiting")
            .map((invitation) => invitation.to_email),
        },
      ]),
    );
  }, [db, key]);
}

export interface ProjectBadges {
  members: AccessMember[];
  /** Emails of waiting invitees: their avatars say '...'. */
  invited: string[];
}

async function colorsOf(db: ReplicaDb, userIds: readonly string[]): Promise<Map<string, AvatarColor>> {
  const colors = new Map<string, AvatarColor>();
  for (const user of await db.users.bulkGet([...new Set(userIds)])) if (user) colors.set(user.id, user.color);
  return colors;
}
