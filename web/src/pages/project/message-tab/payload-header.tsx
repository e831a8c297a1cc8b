import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Group, Loader, Stack, Text, Title } from "@mantine/core";
import { personName } from "./payload-list.tsx";
import { progressLines } from "./payload-progress.ts";
import { StatusBadge } from "./status-badge.tsx";

/** Whose payload it is, its status and progress, and Saving while a write of it is on its way. */
export function PayloadHeader({ payload, saving }: { payload: PayloadRow; saving: boolean }) {
  return (
    <Stack gap={4}>
      <Group justify="space-between">
        <Group gap="sm">
          <Title order={3} size="h4">
            {personName(payload)}
          </Title>
          <StatusBadge payload={payload} />
        </Group>
        {saving && (
          <Group gap={6} role="status">
            <Loader size="xs" aria-hidden="true" />
            <Text size="sm" c="dimmed">
              Saving
            </Text>
          </Group>
        )}
      </Group>
      {progressLines(payload).map((line) => (
        <Text key={line} size="sm" c="dimmed">
          {line}
        </Text>
      ))}
    </Stack>
  );
}
