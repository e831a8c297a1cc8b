import type { UserRow } from "@hirestream/contracts/accounts/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { Avatar, Indicator, Tooltip } from "@mantine/core";
import { roleBadge, roleBadgeColor, userDisplayName, userInitials } from "./user-initials.ts";

/** Without a colour (another member, whose profile is not synced), the avatar is grey. */
type AvatarUser = Pick<UserRow, "email" | "first_name" | "last_name"> & { color?: UserRow["color"] | undefined };

/** Initials in the user's colour, the full name (else email) as tooltip, and the role badge. */
export function UserAvatar({
  user,
  memberRole,
}: {
  user: AvatarUser;
  memberRole?: WorkspaceRole | "invited" | undefined;
}) {
  const badge = roleBadge(memberRole);
  const name = userDisplayName(user);
  return (
    <Tooltip label={name} position="bottom">
      <Indicator
        label={badge}
        size={16}
        disabled={badge === null}
        position="bottom-end"
        color={roleBadgeColor(memberRole)}
        offset={4}
      >
        <Avatar color={user.color ?? "gray"} variant="filled" radius="xl" aria-label={name}>
          {userInitials(user)}
        </Avatar>
      </Indicator>
    </Tooltip>
  );
}
