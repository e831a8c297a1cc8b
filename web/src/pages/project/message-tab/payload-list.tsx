import { openWords } from "@hirestream/contracts/opens/open-kinds.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { Group, Stack, Text, UnstyledButton } from "@mantine/core";
import { progressLines } from "./payload-progress.ts";
import { StatusBadge } from "./status-badge.tsx";

export const personName = (payload: Pick<PayloadRow, "first_name" | "last_name">) =>
  `${payload.first_name} ${payload.last_name}`.trim();

/**
 * Whether a person opened the payload's messages (a mail proxy's fetch is no open), once one was
 * sent; a row synced before opens were tracked has nothing to say.
 */
function OpenedLine({ opens }: { opens: PayloadRow["opens"] | undefined }) {
  if (opens === null || opens === undefined) return null;
  return (
    <Text size="xs" c={opens === "opened" ? "teal" : "dimmed"} data-opens={opens}>
      {openWords[opens]}
    </Text>
  );
}

/** One payload per person: name, status, how far the sequence got and whether it was opened; choosing one opens it in the editor. */
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
                  <OpenedLine opens={payload.opens} />
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
