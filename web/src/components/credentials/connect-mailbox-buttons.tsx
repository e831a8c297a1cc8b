import type { SignInProviderId } from "@hirestream/contracts/accounts/sign-in-providers.ts";
import { Button, Group, Stack, Text } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts } from "../../notifications/toasts.ts";
import { useConfiguredProviders } from "../provider-sign-in-buttons.tsx";
import { connectMailbox } from "./mailbox-connect.ts";

const providers = [
  { id: "google_oauth2", name: "Google", label: "Sign in with Google", Icon: IconBrandGoogle },
  { id: "microsoft_graph_auth", name: "Microsoft", label: "Sign in with Microsoft", Icon: IconBrandWindows },
] as const;

export function startConnecting(provider: SignInProviderId, workspaceId: string, credentialId?: string): void {
  connectMailbox({ provider, workspaceId, credentialId }).catch((error: unknown) => showErrorToasts(messagesOf(error)));
}

/**
 * Spec §2's sign-in with Google or Microsoft, which connects the mailbox signed in to. A provider
 * this server has no client for is shown disabled with words that say so (as on the sign-in page);
 * `compact` (beside a list) shows only the providers that can be used.
 */
export function ConnectMailboxButtons({
  workspaceId,
  canManage,
  compact = false,
}: {
  workspaceId: string;
  canManage: boolean;
  compact?: boolean;
}) {
  const configured = useConfiguredProviders();
  const off = providers.filter((provider) => configured[provider.id] === false);
  const shown = compact ? providers.filter((provider) => configured[provider.id] !== false) : providers;
  const buttons = shown.map(({ id, label, Icon }) => (
    <Button
      key={id}
      variant="default"
      mb={compact ? 4 : 0}
      leftSection={<Icon size={18} aria-hidden="true" />}
      disabled={!canManage || configured[id] === false}
      onClick={() => startConnecting(id, workspaceId)}
    >
      {label}
    </Button>
  ));
  if (compact) return <>{buttons}</>;
  return (
    <Stack gap={4} align="center">
      <Group>{buttons}</Group>
      {off.length === providers.length ? (
        <Text size="sm" c="dimmed">
          Google and Microsoft mailboxes are not configured on this server.
        </Text>
      ) : (
        off.map((provider) => (
          <Text key={provider.id} size="sm" c="dimmed">
            {provider.name} mailboxes are not configured on this server.
          </Text>
        ))
      )}
    </Stack>
  );
}
