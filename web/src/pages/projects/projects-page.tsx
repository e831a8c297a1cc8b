import { Button, CloseButton, Group, Stack, Tabs, Text, TextInput, Title } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useState } from "react";
import { ListPager } from "../../components/list-pager.tsx";
import { LoadingScreen } from "../../components/loading-screen.tsx";
import { pageOf } from "../../components/people/person-search.ts";
import { updateProject } from "../../components/projects/project-commands.ts";
import { type ProjectDialog, ProjectDialogs } from "../../components/projects/project-dialogs.tsx";
import { type ProjectTab, projectsOnTab, projectTabs, tabCounts } from "../../components/projects/project-list.ts";
import { mayCreateProjects } from "../../components/projects/project-permissions.ts";
import { type ProjectListItem, useProjectScope, useProjectsAccess } from "../../components/projects/use-projects.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from "../../constants.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { EmptyListShown } from "../../hooks/use-rows-shown.ts";
import { useScopeProgress, useSyncFocus } from "../../hooks/use-scope-progress.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { ProjectsEmpty } from "./projects-empty.tsx";
import { ProjectsTable } from "./projects-table.tsx";

/**
 * /workspaces/{id}/projects, where {id} may be `me` (every workspace of the user; sign-in lands
 * here): Current and Archived projects with their switch, priority, access and row menu.
 */
export function ProjectsPage({ workspaceId }: { workspaceId: string }) {
  const runtime = useReplica();
  const user = useCurrentUser();
  const scope = useProjectScope(workspaceId, user?.id);
  // Projects are among every scope's few rows, which come before anything else: no many rows to
  // ask for first, and the list knows "none" once those are in.
  useSyncFocus([]);
  const outlined = useScopeProgress()?.outlined ?? false;
  const access = useProjectsAccess(scope?.projects.map((project) => project.id) ?? []);
  const [tab, setTab] = useState<ProjectTab>("current");
  const [search, setSearch] = useState("");
  const [page, setPage] = useState(1);
  const [pageSize, setPageSize] = useState(PAGE_SIZE_DEFAULT);
  const [dialog, setDialog] = useState<ProjectDialog>(null);
  const isMe = workspaceId === "me";

  if (!user || !scope || (!outlined && (scope.workspaces.length === 0 || scope.projects.length === 0))) {
    return <LoadingScreen label="Loading projects" />;
  }
  if (!isMe && scope.workspaces.length === 0) {
    return (
      <Stack gap="xs">
        <Title order={1} size="h2">
          Projects
        </Title>
        <Text c="dimmed">This workspace is not available.</Text>
        <RouterAnchor href="/workspaces">Back to Workspaces</RouterAnchor>
      </Stack>
    );
  }

  const creatable = scope.workspaces.filter((workspace) => mayCreateProjects(workspace.role));
  const openCreate = creatable.length > 0 ? () => setDialog({ kind: "create", workspaces: creatable }) : undefined;
  const counts = tabCounts(scope.projects);
  const matches = projectsOnTab(scope.projects, { tab, searchBy: search });
  const shown = pageOf(matches, page, pageSize);
  const setStatus = (project: ProjectListItem, status: "Active" | "Inactive") =>
    void runtime.mutate(updateProject(project, { status }, new Date()));
  const changeSearch = (text: string) => {
    setSearch(text);
    setPage(1);
  };

  return (
    <Stack gap="lg">
      <Group justify="space-between">
        <Stack gap={0}>
          <Title order={1} size="h2">
            Projects
          </Title>
          <Text c="dimmed">{isMe ? "All your workspaces" : scope.workspaces[0]?.name}</Text>
        </Stack>
        {openCreate && counts.current + counts.archived > 0 && <Button onClick={openCreate}>New project</Button>}
      </Group>
      {counts.current + counts.archived === 0 ? (
        <ProjectsEmpty onCreate={openCreate} hasWorkspace={scope.workspaces.length > 0} />
      ) : (
        <Tabs
          value={tab}
          onChange={(value) => {
            setTab(value === "archived" ? "archived" : "current");
            setPage(1);
          }}
        >
          <Tabs.List>
            {projectTabs.map(({ value, label }) => (
              <Tabs.Tab key={value} value={value}>
                {label} ({counts[value]})
              </Tabs.Tab>
            ))}
          </Tabs.List>
          <Stack gap="md" pt="md">
            <TextInput
              aria-label="Search projects"
              placeholder="Search by name or description"
              value={search}
              onChange={(event) => changeSearch(event.currentTarget.value)}
              leftSection={<IconSearch size={16} aria-hidden="true" />}
              rightSection={
                search !== "" ? (
                  <CloseButton aria-label="Clear search" onClick={() => changeSearch("")} size="sm" />
                ) : null
              }
              w={360}
              maxLength={200}
            />
            {matches.length === 0 ? (
              <Text ta="center" c="dimmed" py="xl">
                {search.trim() !== ""
                  ? "No results"
                  : tab === "archived"
                    ? "No archived projects."
                    : "No current projects."}
                <EmptyListShown />
              </Text>
            ) : (
              <ProjectsTable
                projects={shown.items}
                access={access}
                showWorkspace={isMe}
                onStatus={setStatus}
                onAction={(project, kind) => setDialog({ kind, project })}
              />
            )}
            {matches.length > PAGE_SIZE_OPTIONS[0] && (
              <ListPager
                noun={{ one: "project", many: "projects" }}
                page={shown}
                pageSize={pageSize}
                onPage={setPage}
                onPageSize={(size) => {
                  setPageSize(size);
                  setPage(1);
                }}
              />
            )}
          </Stack>
        </Tabs>
      )}
      <ProjectDialogs dialog={dialog} userId={user.id} onClose={() => setDialog(null)} />
    </Stack>
  );
}
