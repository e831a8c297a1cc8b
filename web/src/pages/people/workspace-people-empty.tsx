import { Stack, Text } from "@mantine/core";
import { ImportBox } from "../../components/people/import-box.tsx";
import { EmptyListShown } from "../../hooks/use-rows-shown.ts";

/** A workspace nobody has brought people into yet: what the list is for, and the import. */
export function WorkspacePeopleEmpty({ onImport }: { onImport: () => void }) {
  return (
    <Stack gap="lg" py="md">
      <Stack align="center" gap="xs">
        <Text fw={500}>No people in this workspace yet.</Text>
        <EmptyListShown />
        <Text c="dimmed" ta="center" maw={560}>
          People are the candidates of this workspace, shared with everyone in it. Import them from a CSV file or save
          them with the browser extension; then assign them to the workspace's projects. They are added to your Talent
          Pool too.
        </Text>
      </Stack>
      <ImportBox onImport={onImport} intoWorkspace />
    </Stack>
  );
}
