import { Avatar, Indicator, Tooltip } from "@mantine/core";
import { Fragment } from "react";
import { roleBadge, roleBadgeColor, userInitials } from "../user-initials.ts";
import { type AccessMember, memberName, roleLabels } from "./project-access.ts";

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
        color={roleBadgeColor(member.role)}
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

/** A waiting invitee: their email's first letter, and '...' where a member's role letter would be (spec §6). */
function InvitedBadge({ email }: { email: string }) {
  return (
    <Tooltip label={`${email} · Pending`} position="bottom">
      <Indicator label={roleBadge("invited")} size={14} position="bottom-end" color="gray" offset={3}>
        <Avatar color="gray" variant="light" radius="xl" size="sm" aria-label={`${email}, Pending`}>
          {userInitials({ email, first_name: "", last_name: "" })}
        </Avatar>
      </Indicator>
    </Tooltip>
  );
}

/** Who has access to a project, with their role initials, then who is invited; the rest counted. */
export function AccessBadges({
  members,
  invited = [],
}: {
  members: readonly AccessMember[];
  invited?: readonly string[];
}) {
  const everyone = [
    ...members.map((member) => ({
      key: member.userId,
      name: memberName(member),
      badge: <AccessBadge member={member} />,
    })),
    ...invited.map((email) => ({ key: `invited:${email}`, name: email, badge: <InvitedBadge email={email} /> })),
  ];
  const rest = everyone.length - SHOWN;
  return (
    <Avatar.Group spacing="xs">
      {everyone.slice(0, SHOWN).map((each) => (
        <Fragment key={each.key}>{each.badge}</Fragment>
      ))}
      {rest > 0 && (
        <Tooltip
          label={everyone
            .slice(SHOWN)
            .map((each) => each.name)
            .join(", ")}
          position="bottom"
        >
          <Avatar radius="xl" size="sm" aria-label={`${rest} more`}>
            +{rest}
          </Avatar>
        </Tooltip>
      )}
    </Avatar.Group>
  );
}
