import { Box, Button, Group, Stack, Tabs, Text, Title } from "@mantine/core";
import { useViewportSize } from "@mantine/hooks";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { ConfirmDialog } from "../../components/dialogs/confirm-dialog.tsx";
import { ModalSuspense } from "../../components/dialogs/modal-suspense.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useSequenceOptions } from "../../components/sequences/use-sequences.ts";
import { AddToProjectModal } from "../../components/workflows/add-to-project-modal.tsx";
import {
  type ShownWorkflow,
  useProjectRoles,
  useProjectsWithPeople,
  useWorkspaceProjects,
  useWorkspaceRole,
  useWorkspaceWorkflows,
} from "../../components/workflows/use-workflows.ts";
import { assignWorkflowToProject, removeWorkflow } from "../../components/workflows/workflow-commands.ts";
import {
  assignableProjects,
  canCreateWorkflows,
  listWidth,
  type WorkflowAction,
  type WorkflowTab,
  workflowsOfTab,
} from "../../components/workflows/workflow-list.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useFirstSyncDone } from "../../hooks/use-first-sync-done.ts";
import { screen } from "../../lazy-screen.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import type { Command } from "../../replica/outbox.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { WorkflowTable } from "./workflow-table.tsx";
import { WorkflowsEmpty } from "./workflows-empty.tsx";

// The workflow form (its stage editor and checks) loads when New or Edit Workflow first opens.
const WorkflowFormModal = screen(() =>
  import("../../components/workflows/workflow-form-modal.tsx").then((m) => m.WorkflowFormModal),
);

type Dialog = { kind: "create" } | { kind: WorkflowAction; workflow: ShownWorkflow } | null;

/** /workspaces/{id}/workflows: the workspace's templates and the copies assigned to its projects. */
export function WorkflowsPage({ workspaceId }: { workspaceId: string }) {
  const runtime = useReplica();
  const { db } = runtime;
  const user = useCurrentUser();
  const workspace = useLiveQuery(async () => (await db.workspaces.get(workspaceId)) ?? null, [db, workspaceId]);
  const workflows = useWorkspaceWorkflows(workspaceId);
  const projects = useWorkspaceProjects(workspaceId);
  const role = useWorkspaceRole(workspaceId, user?.id);
  const projectRoles = useProjectRoles(user?.id);
  const projectsWithPeople = useProjectsWithPeople();
  const sequences = useSequenceOptions(workspaceId);
  const synced = useFirstSyncDone();
  const { width } = useViewportSize();
  const [tab, setTab] = useState<WorkflowTab>("templates");
  const [dialog, setDialog] = useState<Dialog>(null);
  const close = () => setDialog(null);

  if (
    !user ||
    workspace === undefined ||
    !workflows ||
    !projects ||
    !projectsWithPeople ||
    !projectRoles ||
    role === undefined ||
    (!workspace && !synced) ||
    (workflows.length === 0 && !synced)
  ) {
    return <LoadingScreen label="Loading workflows" />;
  }
  if (!workspace) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Workflows
        </Title>
        <Text c="dimmed">This workspace is not available.</Text>
        <RouterAnchor href="/workspaces">Back to Workspaces</RouterAnchor>
      </Stack>
    );
  }

  const canCreate = canCreateWorkflows(role);
  const viewer = { role, userId: user.id, projectRoles };
  const projectsById = new Map(projects.map((project) => [project.id, project]));
  const run = async (command: Command, success?: string) => {
    try {
      await runtime.mutate(command);
      if (success) showSuccessToast(success);
    } catch (error) {
      showErrorToasts(messagesOf(error));
    }
  };
  const panel = (shown: WorkflowTab) => {
    const rows = workflowsOfTab(workflows, shown, projectsById);
    return rows.length === 0 ? (
      <WorkflowsEmpty tab={shown} canCreate={canCreate} />
    ) : (
      <WorkflowTable
        tab={shown}
        workflows={rows}
        projectsById={projectsById}
        viewer={viewer}
        projectsWithPeople={projectsWithPeople}
        onAction={(kind, workflow) => setDialog({ kind, workflow })}
      />
    );
  };

  return (
    <Box w={listWidth(width)} mx="auto">
      <Stack gap="lg">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Workflows
          </Title>
          <Text c="dimmed">{workspace.name}</Text>
        </Stack>
        <Tabs value={tab} onChange={(value) => setTab(value === "assigned" ? "assigned" : "templates")}>
          <Group justify="space-between" wrap="nowrap" align="flex-end">
            <Tabs.List style={{ flex: 1 }}>
              <Tabs.Tab value="templates">Templates</Tabs.Tab>
              <Tabs.Tab value="assigned">Assigned</Tabs.Tab>
            </Tabs.List>
            {canCreate && (
              <Button mb={4} onClick={() => setDialog({ kind: "create" })}>
                + WORKFLOW
              </Button>
            )}
          </Group>
          <Tabs.Panel value="templates" pt="md">
            {panel("templates")}
          </Tabs.Panel>
          <Tabs.Panel value="assigned" pt="md">
            {panel("assigned")}
          </Tabs.Panel>
        </Tabs>
      </Stack>
      {dialog?.kind === "create" && (
        <ModalSuspense>
          <WorkflowFormModal
            target={{ mode: "create" }}
            workspaceId={workspaceId}
            userId={user.id}
            sequences={sequences}
            onClose={close}
          />
        </ModalSuspense>
      )}
      {dialog?.kind === "edit" && (
        <ModalSuspense>
          <WorkflowFormModal
            target={{ mode: "edit", workflow: dialog.workflow }}
            workspaceId={workspaceId}
            userId={user.id}
            sequences={sequences}
            onClose={close}
          />
        </ModalSuspense>
      )}
      {dialog?.kind === "addToProject" && (
        <AddToProjectModal
          template={dialog.workflow}
          projects={assignableProjects(projects, viewer)}
          onAssign={(project) => {
            close();
            void run(assignWorkflowToProject(dialog.workflow, project, user.id, new Date()));
          }}
          onClose={close}
        />
      )}
      <ConfirmDialog
        opened={dialog?.kind === "remove"}
        title="Remove Workflow"
        message="Once deleted it cannot be recovered"
        confirmLabel="Remove"
        onConfirm={() => {
          if (dialog?.kind === "remove") {
            const { workflow } = dialog;
            const project = workflow.project_id === null ? undefined : projectsById.get(workflow.project_id);
            void run(removeWorkflow(workflow, project, new Date()), "Workflow deleted.");
          }
          close();
        }}
        onCancel={close}
      />
    </Box>
  );
}
