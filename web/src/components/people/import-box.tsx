import { IMPORT_MAX_ROWS } from "@hirestream/contracts/people/import.ts";
import { Button, Group, Paper, Stack, Text } from "@mantine/core";
import { IconFileImport } from "@tabler/icons-react";
import { ImportExampleLinks } from "./import-example-links.tsx";

/** The import box: what a CSV import does, the example files, and the way into Add People. */
export function ImportBox({ onImport, intoWorkspace }: { onImport: () => void; intoWorkspace: boolean }) {
  return (
    <Paper withBorder p="lg" radius="md" style={{ borderStyle: "dashed" }}>
      <Group justify="space-between" wrap="nowrap" gap="lg">
        <Group wrap="nowrap" gap="md" align="flex-start">
          <IconFileImport size={32} aria-hidden="true" />
          <Stack gap={4}>
            <Text fw={500}>Import people from a CSV file</Text>
            <Text size="sm" c="dimmed">
              Up to {IMPORT_MAX_ROWS} candidates per file, one per line after the header.{" "}
              {intoWorkspace ? "They join this workspace and your Talent Pool." : "They join your Talent Pool."} People
              already in your pool are matched by email and not added twice.
            </Text>
            <ImportExampleLinks />
          </Stack>
        </Group>
        <Button onClick={onImport}>Add People</Button>
      </Group>
    </Paper>
  );
}
