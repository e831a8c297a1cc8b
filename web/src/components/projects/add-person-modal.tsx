import { messages } from "@hirestream/contracts/messages.ts";
import { invitableWorkspaceRoles } from "@hirestream/contracts/permissions/permission-table.ts";
import type { ProjectRole } from "@hirestream/contracts/projects/events.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { Button, Group, Modal, Select, Stack, Text, TextInput } from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { ApiError } from "../../api/api-errors.ts";
import { isValidEmail } from "../../forms/auth-rules.ts";
import { roleLabels } from "./project-access.ts";
import { inviteToProject } from "./project-members-api.ts";

interface AddPersonValues {
  email: string;
  projectRole: string;
  workspaceRole: string;
}

const options = (roles: readonly ProjectRole[]) => roles.map((role) => ({ value: role, label: roleLabels[role] }));

/**
 * Add Person (spec §5): an email, a project role among those the inviter may give (Owner, Manager,
 * Collaborator at most), and a workspace role only for an email that is not in the workspace yet;
 * for a member of the workspace it is theirs there, shown and not asked.
 */
export function AddPersonModal({
  projectId,
  projectRoles,
  workspaceRoleOf,
  onClose,
}: {
  projectId: string;
  projectRoles: readonly ProjectRole[];
  /** The role a workspace member holds there, by email; undefined for anyone else. */
  workspaceRoleOf: (email: string) => WorkspaceRole | undefined;
  onClose: () => void;
}) {
  const [failure, setFailure] = useState<readonly string[]>([]);
  const [sending, setSending] = useState(false);
  const form = useForm<AddPersonValues>({
    initialValues: { email: "", projectRole: "", workspaceRole: "" },
    validate: {
      email: (value) => (isValidEmail(value) ? null : messages.validEmail),
      projectRole: (value) => (value ? null : messages.required),
      workspaceRole: (value, values) =>
        value || workspaceRoleOf(values.email.trim().toLowerCase()) !== undefined ? null : messages.required,
    },
  });
  const known = workspaceRoleOf(form.values.email.trim().toLowerCase());

  const submit = form.onSubmit(async (values) => {
    const projectRole = projectRoles.find((role) => role === values.projectRole);
    if (!projectRole) return;
    const workspaceRole = invitableWorkspaceRoles.find((role) => role === values.workspaceRole) ?? null;
    setSending(true);
    setFailure([]);
    try {
      await inviteToProject({
        projectId,
        email: values.email,
        projectRole,
        workspaceRole: known ? null : workspaceRole,
      });
      onClose();
    } catch (error) {
      setFailure(error instanceof ApiError ? error.messages : ["The invitation could not be sent."]);
    } finally {
      setSending(false);
    }
  });

  return (
    <Modal opened onClose={onClose} title="Add Person">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput label="Email" type="email" required {...form.getInputProps("email")} />
          <Select
            label="Project role"
            required
            data={options(projectRoles)}
            allowDeselect={false}
            {...form.getInputProps("projectRole")}
          />
          {known ? (
            <Select
              label="Workspace role"
              data={[{ value: known, label: roleLabels[known] }]}
              value={known}
              disabled
              description="The role this person already has in the workspace"
            />
          ) : (
            <Select
              label="Workspace role"
              required
              data={options(invitableWorkspaceRoles)}
              allowDeselect={false}
              {...form.getInputProps("workspaceRole")}
            />
          )}
          {failure.map((message) => (
            <Text key={message} c="red" size="sm" role="alert">
              {message}
            </Text>
          ))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={sending}>
              Invite
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
