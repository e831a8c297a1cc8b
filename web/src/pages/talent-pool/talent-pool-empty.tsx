import { Button, Stack, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import { EmptyListShown } from "../../hooks/use-rows-shown.ts";

/** The empty pool (spec §2): whose it is, what it is for, and how it fills. */
export function TalentPoolEmpty({ onAddPeople }: { onAddPeople: () => void }) {
  return (
    <Stack align="center" py="xl" gap="sm">
      <IconUsers size={48} aria-hidden="true" />
      <Text fw={500}>Your Talent Pool is empty.</Text>
      <EmptyListShown />
      <Text c="dimmed" ta="center" maw={520}>
        Your Talent Pool belongs to you, not to a workspace: it stays with you, and the people in it can be added to any
        project. People you save with the browser extension are added to it automatically.
      </Text>
      <Button onClick={onAddPeople}>Add People</Button>
    </Stack>
  );
}
