import { fieldMarks } from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Divider, Group, Loader, Stack, Text } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { MessageItem } from "../../../components/mail/message-item.tsx";
import { useReplica } from "../../../replica/replica-provider.tsx";
import { threadOf } from "../../person/person-messages-query.ts";
import { PayloadFields } from "./payload-fields.tsx";
import { PayloadHeader } from "./payload-header.tsx";

/**
 * Spec §2: "For people who replied, the message thread is shown instead" of the editor: the run's
 * messages from the replica, sent and received, oldest first, above what was written for them.
 * A replied run has at least the reply, so an empty thread only means it has not arrived yet.
 */
export function RepliedThread({ payload }: { payload: PayloadRow }) {
  const { db } = useReplica();
  const thread = useLiveQuery(() => threadOf(db, payload.id), [db, payload.id]);
  return (
    <Stack gap="md" aria-label="Message thread">
      <PayloadHeader payload={payload} saving={false} />
      <Text fw={500}>Replied</Text>
      {thread === undefined || thread.length === 0 ? (
        <Group gap="xs">
          <Loader size="xs" />
          <Text c="dimmed">Loading the thread</Text>
        </Group>
      ) : (
        thread.map((message) => <MessageItem key={message.id} message={message} />)
      )}
      <Divider label="Payload" labelPosition="left" />
      <PayloadFields
        marks={fieldMarks(payload.payload_fields, payload.payload_values.data)}
        readOnly
        rejection={null}
        onChange={() => undefined}
        onBlur={() => undefined}
      />
    </Stack>
  );
}
