import { mailboxConnectErrorMessage } from "@hirestream/contracts/credentials/mailbox-connect.ts";
import { Alert, Box, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useViewportSize } from "@mantine/hooks";
import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useState } from "react";
import { useSearchParams } from "wouter";
import { messagesOf } from "../../api/api-errors.ts";
import { AddCredentialModal, type NewCredential } from "../../components/credentials/add-credential-modal.tsx";
import { AliasesModal } from "../../components/credentials/aliases-modal.tsx";
import { ConnectMailboxButtons, startConnecting } from "../../components/credentials/connect-mailbox-buttons.tsx";
import {
  addLocalCredential,
  addSmtpCredential,
  changeAliases,
  localMailboxOffered,
  removeCredential,
  type ShownCredential,
  testCredential,
} from "../../components/credentials/credential-commands.ts";
import { canManageCredentials } from "../../components/credentials/credential-list.ts";
import { reconnectable } from "../../components/credentials/mailbox-connect.ts";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useWorkspaceRole } from "../../components/workflows/use-workflows.ts";
import { listWidth } from "../../components/workflows/workflow-list.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { newId } from "../../ids/new-id.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import type { Command } from "../../replica/outbox.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { type CredentialAction, CredentialTable } from "./credential-table.tsx";
import { CredentialsEmpty } from "./credentials-empty.tsx";

type Dialog = { kind: "add" } | { kind: "aliases" | "remove"; credential: ShownCredential } | null;

/** /workspaces/{id}/integrations: the workspace's sending credentials (spec §2). */
export function IntegrationsPage({ workspaceId }: { workspaceId: string }) {
  const runtime = useReplica();
  const { db } = runtime;
  const user = useCurrentUser();
  const credentials = useLiveQuery(
    () => db.credentials.where("workspace_id").equals(workspaceId).sortBy("created_at"),
    [db, workspaceId],
  );
  const role = useWorkspaceRole(workspaceId, user?.id);
  const synced = useFirstSyncDone();
  const { width } = useViewportSize();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [localOffered, setLocalOffered] = useState(false);
  const canManage = canManageCredentials(role);
  const close = () => setDialog(null);
  // Connecting a mailbox comes back here, with a reason when it failed (API.md: 302 to origin with an error).
  const [searchParams, setSearchParams] = useSearchParams();
  const connectError = mailboxConnectErrorMessage(searchParams.get("error"));

  useEffect(() => {
    if (!canManage) return;
    let current = true;
    localMailboxOffered(workspaceId).then(
      (offered) => current && setLocalOffered(offered),
      () => current && setLocalOffered(false),
    );
    return () => {
      current = false;
    };
  }, [canManage, workspaceId]);

  if (!user || !credentials || role === undefined || (credentials.length === 0 && !synced)) {
    return <LoadingScreen label="Loading integrations" />;
  }

  const run = async (command: Command, success?: string) => {
    try {
      await runtime.mutate(command);
      if (success) showSuccessToast(success);
    } catch (error) {
      showErrorToasts(messagesOf(error));
    }
  };
  const add = async (credential: NewCredential): Promise<boolean> => {
    const id = newId();
    if (credential.provider_type === "local") {
      await run(addLocalCredential({ id, workspaceId, userId: user.id, ...credential, now: new Date() }));
      return true;
    }
    try {
      await addSmtpCredential(workspaceId, id, credential);
      showSuccessToast(`Credential ${credential.name} added`);
      return true;
    } catch (error) {
      showErrorToasts(messagesOf(error));
      return false;
    }
  };
  const onAction = (action: CredentialAction, credential: ShownCredential) => {
    if (action === "test") void run(testCredential(credential));
    else if (action === "reconnect") {
      if (reconnectable(credential)) startConnecting(credential.provider_type, workspaceId, credential.id);
    } else setDialog({ kind: action, credential });
  };

  return (
    <Box w={listWidth(width)} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between">
          <Title order={1} size="h2">
            Integrations
          </Title>
          {credentials.some((credential) => credential.provider_type === "local") && (
            <RouterAnchor href={`/workspaces/${workspaceId}/local_mailbox`} size="sm">
              Local mailbox
            </RouterAnchor>
          )}
        </Group>
        {connectError && (
          <Alert color="red" role="alert" withCloseButton onClose={() => setSearchParams({})}>
            {connectError}
          </Alert>
        )}
        <Tabs defaultValue="credentials">
          <Group justify="space-between" wrap="nowrap" align="flex-end">
            <Tabs.List style={{ flex: 1 }}>
              <Tabs.Tab value="credentials">Credentials</Tabs.Tab>
              <Tabs.Tab value="applications">Applications</Tabs.Tab>
            </Tabs.List>
            {canManage && credentials.length > 0 && (
              <Group gap="xs" wrap="nowrap">
                <ConnectMailboxButtons workspaceId={workspaceId} canManage compact />
                <Button mb={4} onClick={() => setDialog({ kind: "add" })}>
                  Add credential
                </Button>
              </Group>
            )}
          </Group>
          <Tabs.Panel value="credentials" pt="md">
            {credentials.length === 0 ? (
              <CredentialsEmpty
                workspaceId={workspaceId}
                canManage={canManage}
                onAdd={() => setDialog({ kind: "add" })}
              />
            ) : (
              <CredentialTable credentials={credentials} canManage={canManage} onAction={onAction} />
            )}
          </Tabs.Panel>
          <Tabs.Panel value="applications" pt="md">
            <Text c="dimmed">Coming soon</Text>
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {dialog?.kind === "add" && <AddCredentialModal localOffered={localOffered} onAdd={add} onClose={close} />}
      {dialog?.kind === "aliases" && (
        <AliasesModal
          credential={dialog.credential}
          onClose={close}
          onSave={(aliases) => {
            close();
            void run(changeAliases(dialog.credential, aliases, new Date()));
          }}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === "remove"}
        title="Remove Integration"
        message="Once deleted it cannot be recovered"
        confirmLabel="Remove"
        onConfirm={() => {
          if (dialog?.kind === "remove") void run(removeCredential(dialog.credential));
          close();
        }}
        onCancel={close}
      />
    </Box>
  );
}
