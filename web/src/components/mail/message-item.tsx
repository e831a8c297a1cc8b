import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { openWords } from "@hirestream/contracts/opens/open-kinds.ts";
import { Badge, Group, Stack, Text } from "@mantine/core";
import { MailBody } from "./mail-body.tsx";

const kindLabels: Record<NonNullable<MessageRow["kind"]>, string> = {
  reply: "Reply",
  auto_reply: "Automatic reply",
  bounce: "Bounce",
};

function labelOf(message: MessageRow): string {
  if (message.type === "Message::Out") return message.status === "bounced" ? "Sent, bounced" : "Sent";
  return message.kind === null ? "Received" : kindLabels[message.kind];
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", {
    year: "numeric",
    month: "short",
    day: "numeric",
    hour: "numeric",
    minute: "2-digit",
    timeZoneName: "short",
  });

/**
 * Whether a person opened a sent message; a mail proxy's or scanner's fetch of its pixel is said
 * as such, never as an open. Nothing for a message sent without a pixel.
 */
function openedLine(message: MessageRow): string | null {
  if (message.type !== "Message::Out" || message.tracked !== true) return null;
  if (message.opened_at) return `${openWords.opened} ${when(message.opened_at)}`;
  if (message.machine_opened_at) return openWords.machine;
  return openWords.not_opened;
}

/** One sent or received message: what it was, its subject, who to whom and when, and its body. */
export function MessageItem({ message }: { message: MessageRow }) {
  return (
    <Stack gap={4} component="article" aria-label={`${labelOf(message)}: ${message.subject}`}>
      <Group gap="xs">
        <Badge variant="light" color={message.type === "Message::Out" ? "blue" : "green"}>
          {labelOf(message)}
        </Badge>
        <Text fw={600} size="sm">
          {message.subject}
        </Text>
      </Group>
      <Text size="xs" c="dimmed">
        {message.from} to {message.to}, {when(message.created_at)}
      </Text>
      {openedLine(message) && (
        <Text size="xs" c="dimmed" data-opened={message.opened_at ? "human" : "no"}>
          {openedLine(message)}
        </Text>
      )}
      <MailBody html={message.body_untracked} title={`Body of ${message.subject}`} />
    </Stack>
  );
}
