// Who can see a project and with what role (spec §6): its members, each row carrying the member's
// name and email (other members' profiles are not synced).
import type { AvatarColor } from "@hirestream/contracts/accounts/events.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import { compareNatural } from "../natural-order.ts";
import { type NamedUser, userDisplayName } from "../user-initials.ts";

export interface AccessMember {
  userId: string;
  role: ProjectRole;
  user: NamedUser;
  /** The member's avatar colour, when the replica holds their profile (one's own). */
  color: AvatarColor | undefined;
}

/** A membership row of a project or a workspace, as synced. */
type MembershipRow = NamedUser & { user_id: string; role: ProjectRole };

export const roleLabels: Record<ProjectRole, string> = {
  owner: "Owner",
  manager: "Manager",
  collaborator: "Collaborator",
  viewer: "Viewer",
};

const roleRank: Record<ProjectRole, number> = { owner: 0, manager: 1, collaborator: 2, viewer: 3 };

/** A member's name, else their email. */
export function memberName(member: AccessMember): string {
  return userDisplayName(member.user);
}

/** Owners first, then managers, collaborators and viewers; by name within a role. */
export function accessMembers(
  rows: readonly MembershipRow[],
  colors: ReadonlyMap<string, AvatarColor> = new Map(),
): AccessMember[] {
  return rows
    .map((row) => ({
      userId: row.user_id,
      role: row.role,
      user: { first_name: row.first_name, last_name: row.last_name, email: row.email },
      color: colors.get(row.user_id),
    }))
    .sort(
      (a, b) =>
        roleRank[a.role] - roleRank[b.role] ||
        compareNatural(memberName(a), memberName(b)) ||
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
