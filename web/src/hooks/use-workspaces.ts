import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import { useLiveQuery } from "dexie-react-hooks";
import { byNameThenId } from "../components/natural-order.ts";
import { useReplica } from "../replica/replica-provider.tsx";

export interface MyWorkspace extends WorkspaceRow {
  role: WorkspaceRole;
  owned: boolean;
  /** The projects of it this user reaches: the replica holds exactly those. */
  projects_count: number;
  /** Queued writes touch it: shown as pending until the server has them. */
  pending: boolean;
}

/** The workspaces the user belongs to, owned first, each by name; undefined while loading. */
export function useMyWorkspaces(userId: string | undefined): MyWorkspace[] | undefined {
  const { db } = useReplica();
  return useLiveQuery(async () => {
    if (!userId) return [];
    const memberships = await db.workspace_members.where("user_id").equals(userId).toArray();
    const workspaceIds = memberships.map((member) => member.workspace_id);
    // Asked together, the rows and the counts (on the index: no project row is read).
    const [workspaces, projectCounts] = await Promise.all([
      db.workspaces.bulkGet(workspaceIds),
      Promise.all(workspaceIds.map((id) => db.projects.where("workspace_id").equals(id).count())),
    ]);
    const mine: MyWorkspace[] = [];
    memberships.forEach((member, index) => {
      const workspace = workspaces[index];
      if (!workspace) return;
      const { scopes: _scopes, _pending, ...row } = workspace;
      mine.push({
        ...row,
        role: member.role,
        owned: member.role === "owner",
        projects_count: projectCounts[index] ?? 0,
        pending: _pending > 0,
      });
    });
    return mine.sort((a, b) => Number(b.owned) - Number(a.owned) || byNameThenId(a, b));
  }, [db, userId]);
}
