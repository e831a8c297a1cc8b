import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { WorkspaceRow } from "@hirestream/contracts/workspaces/rows.ts";
import { dequal } from "dequal";
import { useLiveQuery } from "dexie-react-hooks";
import { useRef } from "react";
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

/**
 * The workspaces the user belongs to, owned first, each by name; undefined while loading. Read
 * again on every write to a workspace (a rename by another user, each of a stream of them): in
 * one transaction, the projects counted from one read of their index's keys rather than one count
 * per workspace, and a workspace unchanged since the last answer keeps its object, so a row or an
 * entry memoized on it does not render again.
 */
export function useMyWorkspaces(userId: string | undefined): MyWorkspace[] | undefined {
  const { db } = useReplica();
  const last = useRef(new Map<string, MyWorkspace>());
  return useLiveQuery(
    () =>
      db.transaction("r", [db.workspace_members, db.workspaces, db.projects], async () => {
        if (!userId) return [];
        const memberships = await db.workspace_members.where("user_id").equals(userId).toArray();
        const workspaceIds = memberships.map((member) => member.workspace_id);
        const workspaces = await db.workspaces.bulkGet(workspaceIds);
        const projectCounts = new Map<string, number>();
        const projectWorkspaces = await db.projects.where("workspace_id").anyOf(workspaceIds).keys();
        for (const id of projectWorkspaces) {
          if (typeof id === "string") projectCounts.set(id, (projectCounts.get(id) ?? 0) + 1);
        }
        const mine: MyWorkspace[] = [];
        const seen = new Map<string, MyWorkspace>();
        memberships.forEach((member, index) => {
          const workspace = workspaces[index];
          if (!workspace) return;
          const { scopes: _scopes, _pending, ...row } = workspace;
          const next: MyWorkspace = {
            ...row,
            role: member.role,
            owned: member.role === "owner",
            projects_count: projectCounts.get(workspace.id) ?? 0,
            pending: _pending > 0,
          };
          const before = last.current.get(workspace.id);
          const kept = before && dequal(before, next) ? before : next;
          seen.set(workspace.id, kept);
          mine.push(kept);
        });
        last.current = seen;
        return mine.sort((a, b) => Number(b.owned) - Number(a.owned) || byNameThenId(a, b));
      }),
    [db, userId],
  );
}
