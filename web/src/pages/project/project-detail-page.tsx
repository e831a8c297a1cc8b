import { Stack, Tabs, Text, Title } from "@mantine/core";
import { type ReactNode, Suspense, useMemo, useState } from "react";
import { useLocation } from "wouter";
import { readCredentials } from "../../api/session-credentials.ts";
import { ModalSuspense } from "../../components/dialogs/modal-suspense.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { ImportPeopleModal } from "../../components/people/people-modals-on-open.tsx";
import { orderedStages } from "../../components/pipeline/project-workflow.ts";
import { updateProject } from "../../components/projects/project-commands.ts";
import { type ProjectDialog, ProjectDialogs } from "../../components/projects/project-dialogs.tsx";
import { projectAbilities } from "../../components/projects/project-permissions.ts";
import { useHasCandidates } from "../../components/projects/use-project-workflow.ts";
import { accessTo, useProjectWithWorkflow } from "../../components/projects/use-projects.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useScopeProgress, useSyncFocus } from "../../hooks/use-scope-progress.ts";
import { useStableCallback } from "../../hooks/use-stable-callback.ts";
import { screen } from "../../lazy-screen.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { projectFocus } from "../../replica/route-focus.ts";
import { ProjectPeopleTab } from "./people-tab/project-people-tab.tsx";
import { usePipelineView } from "./people-tab/use-pipeline-view.ts";
import { ProjectHeader } from "./project-header.tsx";

// The People tab opens first and comes with the page; the other tabs and the files modal load when
// first shown, so a project's first load carries only what it shows.
const WorkflowTab = screen(() => import("./workflow-tab.tsx").then((m) => m.WorkflowTab));
const AccessTab = screen(() => import("./access-tab.tsx").then((m) => m.AccessTab));
const MessageTab = screen(() => import("./message-tab.tsx").then((m) => m.MessageTab));
// An empty project's first steps show once a project has no one yet: most openings never need them.
const LetsGetToWork = screen(() => import("./lets-get-to-work.tsx").then((m) => m.LetsGetToWork));
const ProjectFilesModal = screen(() => import("./project-files-modal.tsx").then((m) => m.ProjectFilesModal));

function TabSuspense({ children }: { children: ReactNode }) {
  return <Suspense fallback={<LoadingScreen label="Loading" />}>{children}</Suspense>;
}

type Tab = "people" | "workflow" | "access" | "message";

/**
 * /workspaces/{workspaceId}/project/{id}: the project's header and its People, Workflow, Access and
 * Message tabs (Message hidden once archived). An archived project, or a viewer, gets no controls
 * that change anything.
 */
export function ProjectDetailPage({ workspaceId, projectId }: { workspaceId: string; projectId: string }) {
  const runtime = useReplica();
  const shown = useProjectWithWorkflow(projectId, readCredentials()?.uid);
  const project = shown === undefined ? undefined : (shown?.project ?? null);
  // The project's candidates first, then the workspace's people (the rows' names and the search).
  useSyncFocus(projectFocus(workspaceId, projectId));
  const progress = useScopeProgress();
  const synced = progress?.outlined ?? false;
  const candidatesHeld = progress?.held.has(`proj:${projectId}`) ?? false;
  const peopleHeld = progress?.held.has(`ws:${workspaceId}`) ?? false;
  // One object while neither changes: the People tab is memoized.
  const held = useMemo(() => ({ candidates: candidatesHeld, people: peopleHeld }), [candidatesHeld, peopleHeld]);
  const workflow = shown === undefined ? undefined : (shown?.workflow ?? null);
  const stages = useMemo(() => orderedStages(workflow ?? undefined), [workflow]);
  const [tab, setTab] = useState<Tab>("people");
  const archived = project?.status === "Archived";
  const shownTab = archived && tab === "message" ? "people" : tab;
  // The board's rows are read from the page's first render, beside the project's own row.
  const board = useMemo(() => ({ id: projectId, workspace_id: workspaceId }), [projectId, workspaceId]);
  const view = usePipelineView(board, stages, shownTab === "people");
  const counted = useHasCandidates(projectId);
  // No candidate yet means none only once the project's scope is in.
  const hasCandidates = counted === false && !held.candidates ? undefined : counted;
  const [dialog, setDialog] = useState<ProjectDialog>(null);
  const [filesOpen, setFilesOpen] = useState(false);
  const [importing, setImporting] = useState(false);
  const [, navigate] = useLocation();
  const importPeople = useStableCallback(() => setImporting(true));
  const projectsHref = `/workspaces/${workspaceId}/projects`;

  // The user's own row comes with the project's read (useProjectWithWorkflow): on a fresh profile,
  // a read of its own answered a live query's round after the first render, and held the page back.
  if (project === undefined || (project === null && !synced)) {
    return <LoadingScreen label="Loading project" />;
  }
  if (!shown || project === null || project.workspace_id !== workspaceId) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Project
        </Title>
        <Text c="dimmed">This project is not available.</Text>
        <RouterAnchor href={projectsHref}>Back to Projects</RouterAnchor>
      </Stack>
    );
  }

  const abilities = projectAbilities(project, accessTo(project));
  const emptyProject = hasCandidates === false && abilities.work;

  return (
    <Stack gap="lg">
      <ProjectHeader
        project={project}
        abilities={abilities}
        onStatus={(status) => void runtime.mutate(updateProject(project, { status }, new Date()))}
        onAction={(kind) => setDialog({ kind, project })}
        onFiles={() => setFilesOpen(true)}
      />
      <Tabs value={shownTab} onChange={(value) => setTab(isTab(value) ? value : "people")} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="people">People</Tabs.Tab>
          <Tabs.Tab value="workflow">Workflow</Tabs.Tab>
          <Tabs.Tab value="access">Access</Tabs.Tab>
          {!archived && <Tabs.Tab value="message">Message</Tabs.Tab>}
        </Tabs.List>
        <Tabs.Panel value="people" pt="md">
          {emptyProject ? (
            <TabSuspense>
              <LetsGetToWork
                workspaceId={project.workspace_id}
                hasWorkflow={project.workflow_id !== null}
                onImport={() => setImporting(true)}
              />
            </TabSuspense>
          ) : (
            <ProjectPeopleTab
              project={project}
              stages={stages}
              view={view}
              hasCandidates={hasCandidates}
              held={held}
              onImport={abilities.work ? importPeople : undefined}
            />
          )}
        </Tabs.Panel>
        <Tabs.Panel value="workflow" pt="md">
          <TabSuspense>
            <WorkflowTab project={project} workflow={workflow} abilities={abilities} userId={shown.userId} />
          </TabSuspense>
        </Tabs.Panel>
        <Tabs.Panel value="access" pt="md">
          <TabSuspense>
            <AccessTab project={project} userId={shown.userId} workspaceRole={project.role} />
          </TabSuspense>
        </Tabs.Panel>
        {!archived && (
          <Tabs.Panel value="message" pt="md">
            <TabSuspense>
              <MessageTab workspaceId={project.workspace_id} project={project} workflow={workflow} />
            </TabSuspense>
          </Tabs.Panel>
        )}
      </Tabs>
      <ProjectDialogs
        dialog={dialog}
        userId={shown.userId}
        onClose={() => setDialog(null)}
        onRemoved={() => navigate(projectsHref)}
      />
      {filesOpen && (
        <ModalSuspense>
          <ProjectFilesModal project={project} canUpload={abilities.work} onClose={() => setFilesOpen(false)} />
        </ModalSuspense>
      )}
      {importing && (
        <ImportPeopleModal
          workspaceId={project.workspace_id}
          project={{ id: project.id, stages }}
          onClose={() => setImporting(false)}
        />
      )}
    </Stack>
  );
}

function isTab(value: string | null): value is Tab {
  return value === "people" || value === "workflow" || value === "access" || value === "message";
}
