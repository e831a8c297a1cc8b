import { Button, Group, Pagination, Select, Stack, Table, Text, Title } from "@mantine/core";
import { useState } from "react";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import { NameDialog } from "../../components/dialogs/name-dialog.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from "../../constants.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { useStableCallback } from "../../hooks/use-stable-callback.ts";
import { type MyWorkspace, useMyWorkspaces } from "../../hooks/use-workspaces.ts";
import { newId } from "../../ids/new-id.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { createWorkspace, removeOrLeaveWorkspace, updateWorkspace } from "./workspace-commands.ts";
import { type WorkspaceChange, WorkspaceRow } from "./workspace-row.tsx";
import type { WorkspaceAction } from "./workspace-row-menu.tsx";

type Dialog = { kind: "create" } | { kind: WorkspaceAction; workspace: MyWorkspace } | null;

/** /workspaces: the user's owned and guest workspaces, each with its switch and row menu. */
export function WorkspacesPage() {
  const runtime = useReplica();
  const user = useCurrentUser();
  const workspaces = useMyWorkspaces(user?.id);
  const synced = useFirstSyncDone();
  const [dialog, setDialog] = useState<Dialog>(null);
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const close = () => setDialog(null);
  // Stable, so a row renders again only when its workspace changes (another user's rename, say).
  const onUpdate = useStableCallback((workspace: MyWorkspace, change: WorkspaceChange) => {
    void runtime.mutate(updateWorkspace(workspace, change, new Date()));
  });
  const onAction = useStableCallback((kind: WorkspaceAction, workspace: MyWorkspace) => setDialog({ kind, workspace }));

  if (!workspaces || !user || (workspaces.length === 0 && !synced)) {
    return <LoadingScreen label="Loading workspaces" />;
  }
  const pages = Math.max(1, Math.ceil(workspaces.length / pageSize));
  const shownPage = Math.min(page, pages);
  const shown = workspaces.slice((shownPage - 1) * pageSize, shownPage * pageSize);
  const update = (workspace: MyWorkspace, change: { name?: string; visible?: boolean }) =>
    void runtime.mutate(updateWorkspace(workspace, change, new Date()));

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Title order={1} size="h2">
          Workspaces
        </Title>
        <Button onClick={() => setDialog({ kind: "create" })}>New workspace</Button>
      </Group>
      {workspaces.length === 0 ? (
        <Stack align="center" py="xl" gap="xs">
          <Text fw={500}>You have no workspaces yet.</Text>
          <Text c="dimmed" ta="center" maw={460}>
            A workspace holds your projects, people, workflows and sequences. Create one, or accept an invitation to
            join a team's.
          </Text>
        </Stack>
      ) : (
        <Table highlightOnHover verticalSpacing="sm">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Description</Table.Th>
              <Table.Th>Projects</Table.Th>
              <Table.Th>Visible</Table.Th>
              <Table.Th aria-label="Actions" />
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {shown.map((workspace) => (
              <WorkspaceRow key={workspace.id} workspace={workspace} onUpdate={onUpdate} onAction={onAction} />
            ))}
          </Table.Tbody>
        </Table>
      )}
      {workspaces.length > PAGE_SIZE_OPTIONS[0] && (
        <Group justify="flex-end">
          <Select
            aria-label="Rows per page"
            data={PAGE_SIZE_OPTIONS.map(String)}
            value={String(pageSize)}
            onChange={(value) => {
              setPageSize(Number(value ?? PAGE_SIZE_DEFAULT));
              setPage(1);
            }}
            w={90}
            allowDeselect={false}
          />
          <Pagination total={pages} value={shownPage} onChange={setPage} />
        </Group>
      )}
      <NameDialog
        opened={dialog?.kind === "create"}
        title="New workspace"
        label="Name"
        initialName=""
        submitLabel="Create"
        onSubmit={(name) => {
          close();
          void runtime.mutate(createWorkspace({ id: newId(), name, user, now: new Date() }));
        }}
        onCancel={close}
      />
      <NameDialog
        opened={dialog?.kind === "edit"}
        title="Edit Workspace"
        label="Name"
        initialName={dialog?.kind === "edit" ? dialog.workspace.name : ""}
        submitLabel="Update"
        requireChange
        onSubmit={(name) => {
          if (dialog?.kind === "edit") update(dialog.workspace, { name });
          close();
        }}
        onCancel={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === "remove"}
        title="Remove Workspace"
        message={`Remove ${dialog?.kind === "remove" ? dialog.workspace.name : "this workspace"}? Its projects are removed with it, for every member.`}
        confirmLabel="Remove"
        onConfirm={() => {
          if (dialog?.kind === "remove") void runtime.mutate(removeOrLeaveWorkspace(dialog.workspace.id, user.id));
          close();
        }}
        onCancel={close}
      />
      <ConfirmDialog
        opened={dialog?.kind === "leave"}
        title="Leave Workspace"
        message="Once you leave you lose access to the projects."
        confirmLabel="Leave"
        onConfirm={() => {
          if (dialog?.kind === "leave") void runtime.mutate(removeOrLeaveWorkspace(dialog.workspace.id, user.id));
          close();
        }}
        onCancel={close}
      />
    </Stack>
  );
}
