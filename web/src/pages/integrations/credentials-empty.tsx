import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";

/**
 * Spec §2: with no credentials, what they are, and sign-in with Google or Microsoft. Those need an
 * OAuth application this server does not have yet, so the buttons say so instead of pretending.
 */
export function CredentialsEmpty({ canManage, onAdd }: { canManage: boolean; onAdd: () => void }) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={2} size="h4">
        No credentials yet
      </Title>
      <Text c="dimmed" maw={520}>
        A credential is a mailbox this workspace sends sequence emails from, and reads replies in. It is kept encrypted
        and lets Hirestream send and review emails on its owner's behalf.
      </Text>
      <Group>
        <Button variant="default" leftSection={<IconBrandGoogle size={18} />} disabled>
          Sign in with Google
        </Button>
        <Button variant="default" leftSection={<IconBrandWindows size={18} />} disabled>
          Sign in with Microsoft
        </Button>
      </Group>
      <Text size="sm" c="dimmed">
        Google and Microsoft mailboxes are not configured on this server.
      </Text>
      {canManage && <Button onClick={onAdd}>Add credential</Button>}
    </Stack>
  );
}
