import type { InvitationRow } from "@hirestream/contracts/invitations/rows.ts";
import { ActionIcon, Indicator } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconBell } from "@tabler/icons-react";
import { useState } from "react";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { screen } from "../../lazy-screen.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { ModalSuspense } from "../dialogs/modal-suspense.tsx";
import { answerInvitation } from "../invitations/invitation-commands.ts";
import { useMyInvitations } from "../invitations/use-my-invitations.ts";

// The list loads when the bell is first pressed, then stays mounted so it closes as it opened.
const InvitationsModal = screen(() => import("./invitations-modal.tsx").then((m) => m.InvitationsModal));

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
  const [shownOnce, setShownOnce] = useState(false);
  if (opened && !shownOnce) setShownOnce(true);
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
      {shownOnce && (
        <ModalSuspense>
          <InvitationsModal opened={opened} onClose={close} invitations={invitations} onAnswer={answer} />
        </ModalSuspense>
      )}
    </>
  );
}
