import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { ActionIcon, Button, Group, Indicator, Modal, Stack, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { answerInvitation } from "../invitations/invitation-commands.ts";
import { useMyInvitations } from "../invitations/use-my-invitations.ts";
import { roleLabels } from "../projects/project-access.ts";

/** "Ada Quinn invited you to the project Backend hires as Collaborator." */
function invitationText(invitation: InvitationRow): string {
  const what = invitation.invitable_type === "Project" ? "the project" : "the workspace";
  const role = invitation.project_role ?? invitation.workspace_role;
  return `${invitation.from_name} invited you to ${what} ${invitation.invitable_name} as ${roleLabels[role]}.`;
}

/**
 * The invitations bell (spec §2): the count shows when above 0; the modal lists them with Accept
 * and Reject. An accepted workspace joins the sidebar as sync brings the membership.
 */
export function InvitationBell() {
  const [opened, { open, close }] = useDisclosure(false);
  const runtime = useReplica();
  const user = useCurrentUser();
  const invitations = useMyInvitations(user?.id);
  const count = invitations?.length ?? 0;
  const answer = (invitation: InvitationRow, choice: "accept" | "reject") =>
    void runtime.mutate(answerInvitation(invitation, choice, new Date())).catch((error: unknown) => {
      console.error("invitation answer not queued", error);
    });
  return (
    <>
      <Indicator label={count} size={16} disabled={count === 0} color="red">
        <ActionIcon
          variant="subtle"
          color="gray"
          size="lg"
          aria-label={count === 0 ? "Invitations" : `Invitations (${count})`}
          onClick={open}
        >
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      <Modal opened={opened} onClose={close} title="Invitations">
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
                  <Button size="xs" onClick={() => answer(invitation, "accept")}>
                    Accept
                  </Button>
                  <Button size="xs" variant="default" onClick={() => answer(invitation, "reject")}>
                    Reject
                  </Button>
                </Group>
              </Stack>
            ))}
          </Stack>
        )}
      </Modal>
    </>
  );
}
