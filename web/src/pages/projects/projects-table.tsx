import { Anchor, Group, Stack, Table, Text } from "@mantine/core";
import { Link } from "wouter";
import { PendingBadge } from "../../components/people/pending-badge.tsx";
import { AccessBadges } from "../../components/projects/access-badges.tsx";
import { PriorityIndicator } from "../../components/projects/priority-indicator.tsx";
import { dateRangeText } from "../../components/projects/project-dates.ts";
import { type ProjectAction, projectMenuActions } from "../../components/projects/project-menu-actions.ts";
import { projectAbilities } from "../../components/projects/project-permissions.ts";
import { ProjectRowMenu } from "../../components/projects/project-row-menu.tsx";
import { ProjectStatusSwitch } from "../../components/projects/project-status-switch.tsx";
import { accessTo, type ProjectBadges, type ProjectListItem } from "../../components/projects/use-projects.ts";
import { useRowsShown } from "../../hooks/use-rows-shown.ts";

export interface ProjectsTableProps {
  projects: readonly ProjectListItem[];
  /** By project id. */
  access: ReadonlyMap<string, ProjectBadges> | undefined;
  /** The `me` list names each project's workspace. */
  showWorkspace: boolean;
  onStatus: (project: ProjectListItem, status: "Active" | "Inactive") => void;
  onAction: (project: ProjectListItem, action: ProjectAction) => void;
}

export const projectHref = (project: Pick<ProjectListItem, "id" | "workspace_id">) =>
  `/workspaces/${project.workspace_id}/project/${project.id}`;

/** One page of projects: name and description, dates, switch, priority, access and the row menu. */
export function ProjectsTable({ projects, access, showWorkspace, onStatus, onAction }: ProjectsTableProps) {
  useRowsShown(projects.length);
  return (
    <Table highlightOnHover verticalSpacing="sm">
      <Table.Thead>
        <Table.Tr>
          <Table.Th>Project</Table.Th>
          <Table.Th>Dates</Table.Th>
          <Table.Th>Status</Table.Th>
          <Table.Th>Priority</Table.Th>
          <Table.Th>Access</Table.Th>
          <Table.Th aria-label="Actions" w={48} />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {projects.map((project) => {
          const abilities = projectAbilities(project, accessTo(project));
          const archived = project.status === "Archived";
          return (
            <Table.Tr key={project.id} data-pending={project.pending || undefined}>
              <Table.Td maw={420}>
                <Stack gap={2}>
                  <Group gap="xs" wrap="nowrap">
                    <Anchor component={Link} href={projectHref(project)} fw={500}>
                      {project.name}
                    </Anchor>
                    {project.pending && <PendingBadge />}
                  </Group>
                  {project.description && (
                    <Text size="sm" c="dimmed" lineClamp={2}>
                      {project.description}
                    </Text>
                  )}
                  {showWorkspace && (
                    <Text size="xs" c="dimmed">
                      {project.workspaceName}
                    </Text>
                  )}
                </Stack>
              </Table.Td>
              <Table.Td>
                <Text size="sm">{dateRangeText(project)}</Text>
              </Table.Td>
              <Table.Td>
                <ProjectStatusSwitch
                  name={project.name}
                  status={project.status}
                  disabled={!abilities.edit}
                  onChange={(status) => onStatus(project, status)}
                />
              </Table.Td>
              <Table.Td>
                <PriorityIndicator priority={project.priority} />
              </Table.Td>
              <Table.Td>
                <AccessBadges
                  members={access?.get(project.id)?.members ?? []}
                  invited={access?.get(project.id)?.invited ?? []}
                />
              </Table.Td>
              <Table.Td>
                <ProjectRowMenu
                  name={project.name}
                  actions={projectMenuActions(archived, abilities)}
                  onAction={(action) => onAction(project, action)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
