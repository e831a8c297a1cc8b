import type { MessageRow } from "@hirestream/contracts/mailbox/message-rows.ts";
import { Badge, Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { MailBody } from "../../components/mail/mail-body.tsx";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { features } from "../../state/features-state.ts";
import { messagesOf, messagesShown } from "./person-messages-query.ts";

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

function MessageItem({ message }: { message: MessageRow }) {
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
      <MailBody html={message.body_untracked} title={`Body of ${message.subject}`} />
    </Stack>
  );
}

/**
 * Spec §2 Person detail: the person's messages, outgoing and incoming, in the projects this user
 * may read (the replica holds exactly those), oldest first; 'No Messages' without the sequence
 * feature or with none. Before the replica has caught up once, an empty list is not yet "none".
 */
export function PersonMessages({ personId }: { personId: string }) {
  const { db } = useReplica();
  const { feature_sequence } = useSnapshot(features);
  const synced = useFirstSyncDone();
  const messages = useLiveQuery(() => messagesOf(db, personId), [db, personId]);
  const shown = messagesShown(feature_sequence, messages, synced);
  return (
    <Card withBorder component="section" aria-label="Messages">
      <Title order={2} size="h4" mb="sm">
        Messages
      </Title>
      {shown === "loading" ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text c="dimmed">Loading messages</Text>
        </Group>
      ) : shown === "none" || messages === undefined ? (
        <Text c="dimmed">No Messages</Text>
      ) : (
        <Stack gap="md">
          {messages.map((message) => (
            <MessageItem key={message.id} message={message} />
          ))}
        </Stack>
      )}
    </Card>
  );
}
