import { fieldMarks } from "@hirestream/contracts/processors/payload-values.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Stack, Text } from "@mantine/core";
import { PayloadFields } from "./payload-fields.tsx";
import { PayloadHeader } from "./payload-header.tsx";

/**
 * Spec §2: "For people who replied, the message thread is shown instead" of the editor. This is
 * the thread's place: it will list the person's messages (`GET /people/{id}/messages`, API.md).
 * Until the thread is read here, it shows what was written for them, read-only, and says they
 * replied; it never says there are no messages.
 */
export function RepliedThread({ payload }: { payload: PayloadRow }) {
  return (
    <Stack gap="md" aria-label="Message thread">
      <PayloadHeader payload={payload} saving={false} />
      <Text fw={500}>Replied</Text>
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
