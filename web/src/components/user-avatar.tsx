import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { Avatar, Indicator, Tooltip } from "@mantine/core";
import { roleBadge, userDisplayName, userInitials } from "./user-initials.ts";

type AvatarUser = Pick<UserRow, "email" | "first_name" | "last_name" | "color">;

/** Initials in the user's colour, the full name (else email) as tooltip, and the role badge. */
export function UserAvatar({ user, role }: { user: AvatarUser; role?: WorkspaceRole | "invited" | undefined }) {
  const badge = roleBadge(role);
  const name = userDisplayName(user);
  return (
    <Tooltip label={name} position="bottom">
      <Indicator label={badge} size={16} disabled={badge === null} position="bottom-end" color="dark" offset={4}>
        <Avatar color={user.color} variant="filled" radius="xl" aria-label={name}>
          {userInitials(user)}
        </Avatar>
      </Indicator>
    </Tooltip>
  );
}
