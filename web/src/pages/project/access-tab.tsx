import {
  assignableProjectRoles,
  invitableProjectRoles,
  mayInProject,
} from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { ActionIcon, Badge, Button, Group, Select, Stack, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { ApiError } from "../../api/api-errors.ts";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import { AddPersonModal } from "../../components/projects/add-person-modal.tsx";
import {
  type AccessMember,
  lastActivityText,
  memberName,
  roleLabels,
} from "../../components/projects/project-access.ts";
import { changeMemberRole, removeMember, withdrawInvitation } from "../../components/projects/project-members-api.ts";
import { useProjectAccess, useWorkspaceAccess } from "../../components/projects/use-projects.ts";
import { UserAvatar } from "../../components/user-avatar.tsx";
import { roleBadgeColor } from "../../components/user-initials.ts";

/** Spec §5: the only owner's role cannot be changed, nor can they be removed. */
export const ONLY_OWNER_STAYS = "The only owner of a project cannot be changed or removed";

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
  const [removing, setRemoving] = useState<AccessMember | null>(null);
  const [withdrawing, setWithdrawing] = useState<{ id: string; email: string } | null>(null);
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
  const withdraw = async (invitationId: string) => {
    setBusy(invitationId);
    try {
      await withdrawInvitation(invitationId);
      setRefusals((current) => new Map([...current].filter(([id]) => id !== invitationId)));
    } catch (error) {
      setRefusals((current) => new Map(current).set(invitationId, messagesOf(error)));
    } finally {
      setBusy(null);
    }
  };
  // A manager leaves owners alone (spec §6); the server says so too.
  const mayChange = (member: AccessMember) => manages && (member.role !== "owner" || assignable.includes("owner"));
  // Shown, but disabled: asking would only earn the server's refusal (spec §5).
  const onlyOwner = (member: AccessMember) =>
    member.role === "owner" && access.members.filter((each) => each.role === "owner").length === 1;

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
                      disabled={busy === member.userId || onlyOwner(member)}
                      title={onlyOwner(member) ? ONLY_OWNER_STAYS : undefined}
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
                      <Tooltip label={ONLY_OWNER_STAYS} disabled={!onlyOwner(member)}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Remove ${name}`}
                          loading={busy === member.userId}
                          disabled={onlyOwner(member)}
                          onClick={() => setRemoving(member)}
                        >
                          <IconTrash size={16} aria-hidden="true" />
                        </ActionIcon>
                      </Tooltip>
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
              {manages && (
                <Table.Td>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={`Withdraw the invitation of ${invitation.to_email}`}
                    loading={busy === invitation.id}
                    onClick={() => setWithdrawing({ id: invitation.id, email: invitation.to_email })}
                  >
                    <IconTrash size={16} aria-hidden="true" />
                  </ActionIcon>
                  {(refusals.get(invitation.id) ?? []).map((message) => (
                    <Text key={message} size="xs" c="red" role="alert">
                      {message}
                    </Text>
                  ))}
                </Table.Td>
              )}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <ConfirmDialog
        opened={removing !== null}
        title="Remove Member"
        message={`Remove ${removing ? memberName(removing) : "this member"} from ${project.name}? They lose access to the project.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (removing) void act(removing, (memberId) => removeMember(project.id, memberId));
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      <ConfirmDialog
        opened={withdrawing !== null}
        title="Withdraw Invitation"
        message={`Withdraw the invitation of ${withdrawing?.email ?? "this person"}? It leaves their invitations, and they can be invited again.`}
        confirmLabel="Withdraw"
        onConfirm={() => {
          if (withdrawing) void withdraw(withdrawing.id);
          setWithdrawing(null);
        }}
        onCancel={() => setWithdrawing(null)}
      />
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
