import { Stack, Table, Text } from "@mantine/core";
import type { ImportOutcome } from "../../api/people-api.ts";

const countLabels = [
  ["new", "New"],
  ["assigned", "Assigned"],
  ["existing", "Existing"],
  ["errors", "Errors"],
  ["success", "Success"],
  ["total", "Total"],
] as const;

/** What an import did (spec §3, Import result), and each line it refused with the reason. */
export function ImportResultView({ outcome }: { outcome: ImportOutcome }) {
  return (
    <Stack gap="md">
      <Text fw={700} size="lg" role="status">
        Import finished
      </Text>
      <Table withTableBorder w="auto">
        <Table.Tbody>
          {countLabels.map(([key, label]) => (
            <Table.Tr key={key}>
              <Table.Th scope="row">{label}</Table.Th>
              <Table.Td data-count={key}>{outcome.counts[key]}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {outcome.ignoredColumns.length > 0 && (
        <Text size="sm" c="dimmed">
          Columns not imported: {outcome.ignoredColumns.join(", ")}
        </Text>
      )}
      {outcome.rowErrors.length > 0 && (
        <Table striped withTableBorder aria-label="Lines not imported">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Line</Table.Th>
              <Table.Th>Reason</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {outcome.rowErrors.map((error) => (
              <Table.Tr key={`${error.line}:${error.reason}`}>
                <Table.Td>{error.line}</Table.Td>
                <Table.Td>{error.reason}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      )}
      <Text size="sm" c="dimmed">
        Imported people appear in the list as soon as they reach this device.
      </Text>
    </Stack>
  );
}
