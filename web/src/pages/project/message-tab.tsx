import { Anchor, Stack, Text, Title } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";

/**
 * The Message tab of a project whose workflow has no sequence (workflows-sequences-messaging.md
 * §2): what messaging needs, and where to set it up.
 */
export function MessageTab({ workspaceId }: { workspaceId: string }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <IconMailOff size={36} aria-hidden="true" />
      <Title order={2} size="h4">
        No messages to write yet
      </Title>
      <Text c="dimmed" ta="center" maw={560}>
        Assign this project a workflow containing a sequence: candidates entering its stage then receive the sequence's
        emails, and their messages show here.
      </Text>
      <Text c="dimmed" ta="center" maw={560}>
        A sequence sends from a connected email account, so it needs credentials first.
      </Text>
      <Stack gap={4} align="center">
        <Anchor href={`/workspaces/${workspaceId}/integrations`} target="_blank" rel="noopener">
          Connect credentials in Integrations
        </Anchor>
        <Anchor href={`/workspaces/${workspaceId}/sequences`} target="_blank" rel="noopener">
          Create a sequence
        </Anchor>
      </Stack>
    </Stack>
  );
}
