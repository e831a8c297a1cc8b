// What the avatar shows of a user (spec §2, Top bar).
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";

export interface NamedUser {
  email: string;
  first_name: string;
  last_name: string;
}

/** "Ada Lovelace" → "AL"; without a name, the email's first letter. */
export function userInitials(user: NamedUser): string {
  const letters = [user.first_name, user.last_name].map((name) => name.trim().charAt(0)).join("");
  return (letters || user.email.trim().charAt(0)).toUpperCase();
}

/** The tooltip: full name, else the email. */
export function userDisplayName(user: NamedUser): string {
  return `${user.first_name.trim()} ${user.last_name.trim()}`.trim() || user.email;
}

/** The role colours of spec §6: owner blue, manager red, collaborator yellow; waiting and viewers grey. */
export function roleBadgeColor(role: WorkspaceRole | "invited" | undefined): string {
  switch (role) {
    case "owner":
      return "blue";
    case "manager":
      return "red";
    case "collaborator":
      return "yellow";
    default:
      return "gray";
  }
}

/** The role badge letters of spec §2: owner, manager, collaborator; '...' for a waiting invitee. */
export function roleBadge(role: WorkspaceRole | "invited" | undefined): string | null {
  switch (role) {
    case "owner":
      return "O";
    case "manager":
      return "M";
    case "collaborator":
      return "C";
    case "invited":
      return "...";
    default:
      return null;
  }
}
