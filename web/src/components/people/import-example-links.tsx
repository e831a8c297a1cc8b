import { Anchor, Group, Text } from "@mantine/core";

/** The two example files served beside the app (spec §5): what a file to import looks like. */
export function ImportExampleLinks() {
  return (
    <Group gap="xs">
      <Text size="sm">Example files:</Text>
      <Anchor href="/people_import_example_all_fields.csv" download size="sm">
        all fields
      </Anchor>
      <Text size="sm" aria-hidden="true">
        ·
      </Text>
      <Anchor href="/people_import_example_mandatory_fields.csv" download size="sm">
        mandatory fields
      </Anchor>
    </Group>
  );
}
