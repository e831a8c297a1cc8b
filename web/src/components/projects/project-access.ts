// Who can see a project and with what role (spec §6): for now the members of its workspace.
import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import type { WorkspaceMemberRow } from "@hirestream/contracts/workspaces/rows.ts";
import { userDisplayName } from "../user-initials.ts";

export interface AccessMember {
  userId: string;
  role: WorkspaceRole;
  /** Undefined when the replica does not hold the user's profile. */
  user: UserRow | undefined;
}

/** Spec §6: owner blue, manager red, collaborator yellow. A viewer has no colour of its own. */
export const roleColors: Record<WorkspaceRole, string> = {
  owner: "blue",
  manager: "red",
  collaborator: "yellow",
  viewer: "gray",
};

export const roleLabels: Record<WorkspaceRole, string> = {
  owner: "Owner",
  manager: "Manager",
  collaborator: "Collaborator",
  viewer: "Viewer",
};

const roleRank: Record<WorkspaceRole, number> = { owner: 0, manager: 1, collaborator: 2, viewer: 3 };

/** Other members' profiles are not synced to every member's browser yet. */
export const UNKNOWN_MEMBER = "Workspace member";

/** A member's name, else their email. */
export function memberName(member: AccessMember): string {
  return member.user ? userDisplayName(member.user) : UNKNOWN_MEMBER;
}

/** Owners first, then managers, collaborators and viewers; by name within a role. */
export function accessMembers(
  members: readonly Pick<WorkspaceMemberRow, "user_id" | "role">[],
  users: ReadonlyMap<string, UserRow>,
): AccessMember[] {
  return members
    .map((member) => ({ userId: member.user_id, role: member.role, user: users.get(member.user_id) }))
    .sort(
      (a, b) =>
        roleRank[a.role] - roleRank[b.role] ||
        memberName(a).localeCompare(memberName(b), "en", { sensitivity: "base" }) ||
        (a.userId < b.userId ? -1 : a.userId > b.userId ? 1 : 0),
    );
}

export const NO_RECENT_ACTIVITY = "No recent activity";

const activityFormat = new Intl.DateTimeFormat("en-US", { month: "short", day: "numeric", year: "numeric" });

/** The Access tab's last activity column. */
export function lastActivityText(at: string | null): string {
  if (at === null) return NO_RECENT_ACTIVITY;
  const date = new Date(at);
  return Number.isNaN(date.getTime()) ? NO_RECENT_ACTIVITY : activityFormat.format(date);
}
