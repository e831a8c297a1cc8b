import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { progressLines } from "./payload-progress.ts";
import { StatusBadge } from "./status-badge.tsx";

export const personName = (payload: Pick<PayloadRow, "first_name" | "last_name">) =>
  `${payload.first_name} ${payload.last_name}`.trim();

/** One payload per person: name, status and how far the sequence got; choosing one opens it in the editor. */
export function PayloadList({
  payloads,
  selectedId,
  onSelect,
}: {
  payloads: readonly PayloadRow[];
  selectedId: string | null;
  onSelect: (payloadId: string) => void;
}) {
  return (
    <Stack gap={4} component="ul" aria-label="Payloads" p={0} m={0} style={{ listStyle: "none" }}>
      {payloads.map((payload) => {
        const selected = payload.id === selectedId;
        return (
          <li key={payload.id}>
            <UnstyledButton
              onClick={() => onSelect(payload.id)}
              aria-current={selected ? "true" : undefined}
              aria-label={personName(payload)}
              w="100%"
              p="xs"
              style={{
                borderRadius: "var(--mantine-radius-sm)",
                border: "1px solid var(--mantine-color-default-border)",
                background: selected ? "var(--mantine-color-blue-light)" : undefined,
              }}
            >
              <Group justify="space-between" wrap="nowrap" align="flex-start">
                <Stack gap={2}>
                  <Text fw={500}>{personName(payload)}</Text>
                  {progressLines(payload).map((line) => (
                    <Text key={line} size="xs" c="dimmed">
                      {line}
                    </Text>
                  ))}
                </Stack>
                <StatusBadge payload={payload} />
              </Group>
            </UnstyledButton>
          </li>
        );
      })}
    </Stack>
  );
}
