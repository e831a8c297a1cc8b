import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { roleLabels } from "../projects/project-access.ts";

/** "Ada Quinn invited you to the project Backend hires as Collaborator." */
function invitationText(invitation: InvitationRow): string {
  const what = invitation.invitable_type === "Project" ? "the project" : "the workspace";
  const role = invitation.project_role ?? invitation.workspace_role;
  return `${invitation.from_name} invited you to ${what} ${invitation.invitable_name} as ${roleLabels[role]}.`;
}

/** The bell's modal: the invitations with Accept and Reject. */
export function InvitationsModal({
  opened,
  onClose,
  invitations,
  onAnswer,
}: {
  opened: boolean;
  onClose: () => void;
  invitations: readonly InvitationRow[] | undefined;
  onAnswer: (invitation: InvitationRow, choice: "accept" | "reject") => void;
}) {
  return (
    <Modal opened={opened} onClose={onClose} title="Invitations">
      {invitations === undefined ? (
        <Text c="dimmed">Loading invitations…</Text>
      ) : invitations.length === 0 ? (
        <Text c="dimmed">You have no invitations.</Text>
      ) : (
        <Stack gap="md">
          {invitations.map((invitation) => (
            <Stack key={invitation.id} gap="xs">
              <Text size="sm">{invitationText(invitation)}</Text>
              <Group gap="sm">
                <Button size="xs" onClick={() => onAnswer(invitation, "accept")}>
                  Accept
                </Button>
                <Button size="xs" variant="default" onClick={() => onAnswer(invitation, "reject")}>
                  Reject
                </Button>
              </Group>
            </Stack>
          ))}
        </Stack>
      )}
    </Modal>
  );
}
