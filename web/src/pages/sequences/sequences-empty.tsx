import { Button, Group, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";

/** No sequence yet: what sequences are, and the way to make the first one (spec §2). */
export function SequencesEmpty({ onCreate }: { onCreate: (() => void) | undefined }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <Text fw={500}>No sequences yet.</Text>
      <Text c="dimmed" ta="center" maw={560}>
        A sequence is a multi-step email campaign: each step is an email sent from one of the workspace's credentials,
        after a delay, with variables filled from each candidate. A stage of a workflow starts it for every candidate
        who enters the stage.
      </Text>
      {onCreate ? (
        <Group gap="xs">
          <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={onCreate}>
            Sequence
          </Button>
          <Text>to be able to start messaging</Text>
        </Group>
      ) : (
        <Text size="sm" c="dimmed" ta="center" maw={560}>
          Your role does not allow creating sequences here; a workspace owner, manager or collaborator can.
        </Text>
      )}
    </Stack>
  );
}
