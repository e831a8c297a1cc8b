import { Badge, Group, Stack, Table, Text } from "@mantine/core";
import {
  type AccessMember,
  lastActivityText,
  memberName,
  roleColors,
  roleLabels,
} from "../../components/projects/project-access.ts";
import { UserAvatar } from "../../components/user-avatar.tsx";

/** The Access tab: who can see the project, with role, status and last activity. */
export function AccessTab({ members }: { members: readonly AccessMember[] | undefined }) {
  if (!members) return <Text c="dimmed">Loading members…</Text>;
  return (
    <Table verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Member</Table.Th>
          <Table.Th>Role</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Last activity</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {members.map((member) => (
          <Table.Tr key={member.userId}>
            <Table.Td>
              <Group gap="sm" wrap="nowrap">
                {member.user && <UserAvatar user={member.user} role={member.role} />}
                <Stack gap={0}>
                  <Text size="sm" fw={500}>
                    {memberName(member)}
                  </Text>
                  {member.user && memberName(member) !== member.user.email && (
                    <Text size="xs" c="dimmed">
                      {member.user.email}
                    </Text>
                  )}
                </Stack>
              </Group>
            </Table.Td>
            <Table.Td>
              <Badge variant="light" color={roleColors[member.role]}>
                {roleLabels[member.role]}
              </Badge>
            </Table.Td>
            <Table.Td>Active</Table.Td>
            <Table.Td>{lastActivityText(null)}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
