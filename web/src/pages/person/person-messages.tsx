import { Card, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useSnapshot } from "valtio";
import { MessageItem } from "../../components/mail/message-item.tsx";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { features } from "../../state/features-state.ts";
import { messagesOf, messagesShown } from "./person-messages-query.ts";

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
