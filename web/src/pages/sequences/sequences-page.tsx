import { Box, Button, Group, Stack, Text, Title } from "@mantine/core";
import { useViewportSize } from "@mantine/hooks";
import { IconPlus } from "@tabler/icons-react";
import { useLiveQuery } from "dexie-react-hooks";
import { lazy, Suspense, useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import { ModalSuspense } from "../../components/dialogs/modal-suspense.tsx";
import { ListPager } from "../../components/list-pager.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { pageOf } from "../../components/people/person-search.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { canCreateSequences, sequencesScreenReady } from "../../components/sequences/sequence-list.ts";
import { removeSequence, SEQUENCE_DELETED } from "../../components/sequences/sequence-remove.ts";
import { useSequenceDialogs } from "../../components/sequences/use-sequence-dialogs.ts";
import { useWorkspaceCredentials, useWorkspaceSequences } from "../../components/sequences/use-sequences.ts";
import { useWorkspaceRole } from "../../components/workflows/use-workflows.ts";
import { listWidth } from "../../components/workflows/workflow-list.ts";
import { PAGE_SIZE_DEFAULT } from "../../constants.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { screen } from "../../lazy-screen.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { CredentialsLink } from "./credentials-link.tsx";
import { SequenceTable } from "./sequence-table.tsx";
import { SequencesEmpty } from "./sequences-empty.tsx";

// Its form checks step texts against the sequence rules (with every time zone): loaded when it first opens.
const TestSequenceModal = screen(() =>
  import("../../components/sequences/test-sequence-modal.tsx").then((m) => m.TestSequenceModal),
);

// The form carries the rich-text editor: loaded when a sequence is opened, not with the list.
const SequenceFormModal = lazy(() =>
  import("../../components/sequences/sequence-form-modal.tsx").then((module) => ({
    default: module.SequenceFormModal,
  })),
);

/** /workspaces/{id}/sequences: the workspace's sequences, paged, with their credentials and variables. */
export function SequencesPage({ workspaceId }: { workspaceId: string }) {
  const runtime = useReplica();
  const { db } = runtime;
  const user = useCurrentUser();
  const workspace = useLiveQuery(async () => (await db.workspaces.get(workspaceId)) ?? null, [db, workspaceId]);
  const sequences = useWorkspaceSequences(workspaceId);
  const credentials = useWorkspaceCredentials(workspaceId);
  const role = useWorkspaceRole(workspaceId, user?.id);
  const synced = useFirstSyncDone();
  const { width } = useViewportSize();
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const dialogs = useSequenceDialogs();
  const { dialog } = dialogs;

  if (
    !user ||
    workspace === undefined ||
    !sequences ||
    !credentials ||
    role === undefined ||
    !sequencesScreenReady({
      synced,
      workspaceHeld: workspace !== null,
      sequences: sequences.length,
      credentials: credentials.length,
    })
  ) {
    return <LoadingScreen label="Loading sequences" />;
  }
  if (!workspace) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Sequences
        </Title>
        <Text c="dimmed">This workspace is not available.</Text>
        <RouterAnchor href="/workspaces">Back to Workspaces</RouterAnchor>
      </Stack>
    );
  }

  const openCreate = canCreateSequences(role) ? dialogs.openCreate : undefined;
  const shown = pageOf(sequences, page, pageSize);
  const remove = async () => {
    if (dialog?.kind !== "remove") return;
    const command = removeSequence(dialog.sequence);
    dialogs.close();
    try {
      await runtime.mutate(command);
      showSuccessToast(SEQUENCE_DELETED);
    } catch (error) {
      showErrorToasts(messagesOf(error));
    }
  };

  return (
    <Box w={listWidth(width)} mx="auto">
      <Stack gap="lg">
        <Group justify="space-between" align="flex-end">
          <Stack gap={0}>
            <Title order={1} size="h2">
              Sequences
            </Title>
            <Text c="dimmed">{workspace.name}</Text>
          </Stack>
          <Group gap="md">
            <CredentialsLink workspaceId={workspaceId} credentialCount={credentials.length} />
            {openCreate && sequences.length > 0 && (
              <Button leftSection={<IconPlus size={16} aria-hidden="true" />} onClick={openCreate}>
                Sequence
              </Button>
            )}
          </Group>
        </Group>
        {sequences.length === 0 ? (
          <SequencesEmpty onCreate={openCreate} />
        ) : (
          <>
            <SequenceTable
              sequences={shown.items}
              credentialsById={new Map(credentials.map((credential) => [credential.id, credential]))}
              viewer={{ role, userId: user.id }}
              onOpen={dialogs.openView}
              onAction={(action, sequence) =>
                action === "edit"
                  ? dialogs.openEdit(sequence)
                  : action === "remove"
                    ? dialogs.openRemove(sequence)
                    : dialogs.openTest(sequence)
              }
            />
            <ListPager
              noun={{ one: "sequence", many: "sequences" }}
              page={shown}
              pageSize={pageSize}
              onPage={setPage}
              onPageSize={(size) => {
                setPageSize(size);
                setPage(1);
              }}
            />
          </>
        )}
      </Stack>
      {dialogs.form.opened && (
        <Suspense fallback={null}>
          <SequenceFormModal workspaceId={workspaceId} {...dialogs.form} />
        </Suspense>
      )}
      {dialog?.kind === "test" && (
        <ModalSuspense>
          <TestSequenceModal sequence={dialog.sequence} onClose={dialogs.close} />
        </ModalSuspense>
      )}
      <ConfirmDialog
        opened={dialog?.kind === "remove"}
        title="Remove Sequence"
        message="Once deleted it cannot be recovered"
        confirmLabel="Remove"
        onConfirm={() => void remove()}
        onCancel={dialogs.close}
      />
    </Box>
  );
}
