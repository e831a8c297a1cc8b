import { Button, Stack, Text, Title } from "@mantine/core";
import { ConnectMailboxButtons } from "../../components/credentials/connect-mailbox-buttons.tsx";

/**
 * Spec §2: with no credentials, what they are, and sign-in with Google or Microsoft, which connects
 * the mailbox signed in to. A provider the server has no OAuth client for says so instead of failing.
 */
export function CredentialsEmpty({
  workspaceId,
  canManage,
  onAdd,
}: {
  workspaceId: string;
  canManage: boolean;
  onAdd: () => void;
}) {
  return (
    <Stack align="center" gap="sm" py="xl" ta="center">
      <Title order={2} size="h4">
        No credentials yet
      </Title>
      <Text c="dimmed" maw={520}>
        A credential is a mailbox this workspace sends sequence emails from, and reads replies in. It is kept encrypted
        and lets Hirestream send and review emails on its owner's behalf.
      </Text>
      <ConnectMailboxButtons workspaceId={workspaceId} canManage={canManage} />
      {canManage && <Button onClick={onAdd}>Add credential</Button>}
    </Stack>
  );
}
