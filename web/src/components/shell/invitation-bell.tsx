import { ActionIcon, Indicator, Modal, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";

/**
 * The invitations bell. The count shows when above 0; the modal lists them with Accept and
 * Reject. Invitations are not mirrored into this browser yet, so the list is empty.
 */
export function InvitationBell() {
  const [opened, { open, close }] = useDisclosure(false);
  const count = 0;
  return (
    <>
      <Indicator label={count} size={16} disabled={count === 0} color="red">
        <ActionIcon variant="subtle" color="gray" size="lg" aria-label="Invitations" onClick={open}>
          <IconBell size={20} aria-hidden="true" />
        </ActionIcon>
      </Indicator>
      <Modal opened={opened} onClose={close} title="Invitations">
        <Text c="dimmed">You have no invitations.</Text>
      </Modal>
    </>
  );
}
