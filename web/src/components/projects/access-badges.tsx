import { Avatar, Indicator, Tooltip } from "@mantine/core";
import { roleBadge, userInitials } from "../user-initials.ts";
import { type AccessMember, memberName, roleColors, roleLabels } from "./project-access.ts";

const SHOWN = 4;

/** One member: initials in their colour, the role letter in the role's colour (spec §6). */
function AccessBadge({ member }: { member: AccessMember }) {
  const name = memberName(member);
  const badge = roleBadge(member.role);
  return (
    <Tooltip label={`${name} · ${roleLabels[member.role]}`} position="bottom">
      <Indicator
        label={badge}
        size={14}
        disabled={badge === null}
        position="bottom-end"
        color={roleColors[member.role]}
        offset={3}
      >
        <Avatar
          color={member.color ?? "gray"}
          variant="filled"
          radius="xl"
          size="sm"
          aria-label={`${name}, ${roleLabels[member.role]}`}
        >
          {userInitials(member.user)}
        </Avatar>
      </Indicator>
    </Tooltip>
  );
}

/** Who has access to a project, with their role initials; the rest counted. */
export function AccessBadges({ members }: { members: readonly AccessMember[] }) {
  const rest = members.length - SHOWN;
  return (
    <Avatar.Group spacing="xs">
      {members.slice(0, SHOWN).map((member) => (
        <AccessBadge key={member.userId} member={member} />
      ))}
      {rest > 0 && (
        <Tooltip label={members.slice(SHOWN).map(memberName).join(", ")} position="bottom">
          <Avatar radius="xl" size="sm" aria-label={`${rest} more`}>
            +{rest}
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}
