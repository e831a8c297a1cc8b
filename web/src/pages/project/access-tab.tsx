import {
  assignableProjectRoles,
  invitableProjectRoles,
  mayInProject,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, Title } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ApiError } from "../../api/api-errors.ts";
import { AddPersonModal } from "../../components/projects/add-person-modal.tsx";
import {
  type AccessMember,
  lastActivityText,
  memberName,
  roleLabels,
} from "../../components/projects/project-access.ts";
import { changeMemberRole, removeMember } from "../../components/projects/project-members-api.ts";
import { useProjectAccess, useWorkspaceAccess } from "../../components/projects/use-projects.ts";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { roleBadgeColor } from "../../components/user-initials.ts";

/** The server's words for a refused change, in red under the member it was about (spec §2). */
function messagesOf(error: unknown): readonly string[] {
  return error instanceof ApiError ? error.messages : ["The change could not be saved."];
}

/**
 * The Access tab (spec §2, §6): the project's members with role, Active, last activity and a
 * remove button, then its pending invitations; owners and managers (of the project or the
 * workspace) change roles, remove members and add people.
 */
export function AccessTab({
  project,
  userId,
  workspaceRole,
}: {
  project: ProjectRow;
  userId: string;
  workspaceRole: WorkspaceRole | undefined;
}) {
  const access = useProjectAccess(project.id);
  const workspaceMembers = useWorkspaceAccess([project.workspace_id]);
  const [refusals, setRefusals] = useState<ReadonlyMap<string, readonly string[]>>(new Map());
  const [busy, setBusy] = useState<string | null>(null);
  const [adding, setAdding] = useState(false);
  if (!access) return <Text c="dimmed">Loading members…</Text>;

  const mine = { workspaceRole, projectRole: access.members.find((member) => member.userId === userId)?.role };
  const manages = mayInProject(mine, "project.members.manage");
  const assignable = assignableProjectRoles(mine);
  const invitable = invitableProjectRoles.filter((role) => assignable.includes(role));
  const workspaceRoleOf = (email: string) =>
    workspaceMembers?.get(project.workspace_id)?.find((member) => member.user.email.toLowerCase() === email)?.role;

  const act = async (member: AccessMember, call: (memberId: string) => Promise<unknown>) => {
    const row = access.rows.get(member.userId);
    if (!row) return;
    setBusy(member.userId);
    try {
      await call(row.id);
      setRefusals((current) => new Map([...current].filter(([id]) => id !== member.userId)));
    } catch (error) {
      setRefusals((current) => new Map(current).set(member.userId, messagesOf(error)));
    } finally {
      setBusy(null);
    }
  };
  // A manager leaves owners alone (spec §6); the server says so too.
  const mayChange = (member: AccessMember) => manages && (member.role !== "owner" || assignable.includes("owner"));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={2} size="h4">
          Members
        </Title>
        {manages && invitable.length > 0 && <Button onClick={() => setAdding(true)}>Add Person</Button>}
      </Group>
      <Table verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>Member</Table.Th>
            <Table.Th>Role</Table.Th>
            <Table.Th>Status</Table.Th>
            <Table.Th>Last activity</Table.Th>
            {manages && <Table.Th aria-label="Remove" w={48} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {access.members.map((member) => {
            const name = memberName(member);
            const refusal = refusals.get(member.userId) ?? [];
            return (
              <Table.Tr key={member.userId}>
                <Table.Td>
                  <Group gap="sm" wrap="nowrap">
                    <UserAvatar user={{ ...member.user, color: member.color }} memberRole={member.role} />
                    <Stack gap={0}>
                      <Text size="sm" fw={500}>
                        {name}
                      </Text>
                      {name !== member.user.email && (
                        <Text size="xs" c="dimmed">
                          {member.user.email}
                        </Text>
                      )}
                      {refusal.map((message) => (
                        <Text key={message} size="xs" c="red" role="alert">
                          {message}
                        </Text>
                      ))}
                    </Stack>
                  </Group>
                </Table.Td>
                <Table.Td>
                  {mayChange(member) ? (
                    <Select
                      aria-label={`Role of ${name}`}
                      data={roleOptions(assignable, member.role)}
                      value={member.role}
                      allowDeselect={false}
                      disabled={busy === member.userId}
                      w={160}
                      onChange={(value) => {
                        const role = assignable.find((each) => each === value);
                        if (role && role !== member.role)
                          void act(member, (memberId) => changeMemberRole(project.id, memberId, role));
                      }}
                    />
                  ) : (
                    <Badge variant="light" color={roleBadgeColor(member.role)}>
                      {roleLabels[member.role]}
                    </Badge>
                  )}
                </Table.Td>
                <Table.Td>Active</Table.Td>
                <Table.Td>{lastActivityText(access.rows.get(member.userId)?.lastActivity ?? null)}</Table.Td>
                {manages && (
                  <Table.Td>
                    {mayChange(member) && (
                      <ActionIcon
                        variant="subtle"
                        color="red"
                        aria-label={`Remove ${name}`}
                        loading={busy === member.userId}
                        onClick={() => void act(member, (memberId) => removeMember(project.id, memberId))}
                      >
                        <IconTrash size={16} aria-hidden="true" />
                      </ActionIcon>
                    )}
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
          {access.pending.map((invitation) => (
            <Table.Tr key={invitation.id}>
              <Table.Td>
                <Group gap="sm" wrap="nowrap">
                  <UserAvatar
                    user={{ email: invitation.to_email, first_name: "", last_name: "" }}
                    memberRole="invited"
                  />
                  <Text size="sm">{invitation.to_email}</Text>
                </Group>
              </Table.Td>
              <Table.Td>
                {invitation.project_role && (
                  <Badge variant="light" color={roleBadgeColor(invitation.project_role)}>
                    {roleLabels[invitation.project_role]}
                  </Badge>
                )}
              </Table.Td>
              <Table.Td>Pending</Table.Td>
              <Table.Td>{lastActivityText(null)}</Table.Td>
              {manages && <Table.Td />}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {adding && (
        <AddPersonModal
          projectId={project.id}
          projectRoles={invitable}
          workspaceRoleOf={workspaceRoleOf}
          onClose={() => setAdding(false)}
        />
      )}
    </Stack>
  );
}

/** The roles one may give, and the member's own even when one may not give it. */
function roleOptions(assignable: readonly ProjectRole[], current: ProjectRole) {
  const roles = assignable.includes(current) ? assignable : [current, ...assignable];
  return roles.map((role) => ({ value: role, label: roleLabels[role] }));
}
