import type { LocalMailboxMessage } from "@hirestream/contracts/mailbox/local-mailbox.ts";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { replyAsCandidate } from "./local-mailbox-api.ts";

const takenFor = { reply: "a reply", auto_reply: "an automatic reply", bounce: "a bounce" } as const;

/** Answers a message as its recipient would, so the whole loop can be tried on one machine. */
export function ReplyAsCandidateModal({ message, onClose }: { message: LocalMailboxMessage; onClose: () => void }) {
  const [body, setBody] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const send = async () => {
    if (body.trim() === "") {
      setError("This field is required");
      return;
    }
    setSending(true);
    try {
      const answer = await replyAsCandidate(message.id, body);
      const { kind, processor_id } = answer.data.attributes;
      showSuccessToast(
        processor_id === undefined
          ? `Delivered as ${takenFor[kind]}, on no sequence's thread`
          : `Delivered as ${takenFor[kind]} to the sequence`,
      );
      onClose();
    } catch (failure) {
      showErrorToasts(messagesOf(failure));
    } finally {
      setSending(false);
    }
  };
  return (
    <Modal opened onClose={onClose} title="Reply as candidate" size="lg">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          From {message.to} to {message.from}, in reply to “{message.subject}”
        </Text>
        <Textarea
          label="Reply"
          autosize
          minRows={5}
          value={body}
          error={error}
          onChange={(event) => {
            setBody(event.currentTarget.value);
            setError(null);
          }}
          data-autofocus
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button loading={sending} onClick={() => void send()}>
            Send reply
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
