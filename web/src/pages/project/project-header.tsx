import { Button, Group, Stack, Text, Title } from "@mantine/core";
import { IconFiles } from "@tabler/icons-react";
import { PendingBadge } from "../../components/people/pending-badge.tsx";
import { PriorityIndicator } from "../../components/projects/priority-indicator.tsx";
import { dateRangeText } from "../../components/projects/project-dates.ts";
import { type ProjectAction, projectMenuActions } from "../../components/projects/project-menu-actions.ts";
import type { ProjectAbilities } from "../../components/projects/project-permissions.ts";
import { ProjectRowMenu } from "../../components/projects/project-row-menu.tsx";
import { ProjectStatusBadge } from "../../components/projects/project-status-badge.tsx";
import { ProjectStatusSwitch } from "../../components/projects/project-status-switch.tsx";
import type { ProjectListItem } from "../../components/projects/use-projects.ts";

/** The project's name, status, priority and dates, with the actions its user may take. */
export function ProjectHeader({
  project,
  abilities,
  onStatus,
  onAction,
  onFiles,
}: {
  project: ProjectListItem;
  abilities: ProjectAbilities;
  onStatus: (status: "Active" | "Inactive") => void;
  /** The row menu of the list, here too: Edit, Remove, Archive, or Show and Remove once archived. */
  onAction: (action: ProjectAction) => void;
  onFiles: () => void;
}) {
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap">
      <Stack gap={6}>
        <Group gap="sm">
          <Title order={1} size="h2">
            {project.name}
          </Title>
          <ProjectStatusBadge status={project.status} />
          <PriorityIndicator priority={project.priority} />
          {project.pending && <PendingBadge />}
        </Group>
        {project.description && <Text c="dimmed">{project.description}</Text>}
        <Text size="sm">{dateRangeText(project)}</Text>
      </Stack>
      <Group gap="sm" wrap="nowrap">
        {abilities.edit && (
          <ProjectStatusSwitch name={project.name} status={project.status} disabled={false} onChange={onStatus} />
        )}
        <Button variant="default" leftSection={<IconFiles size={16} aria-hidden="true" />} onClick={onFiles}>
          Files
        </Button>
        <ProjectRowMenu
          name={project.name}
          actions={projectMenuActions(project.status === "Archived", abilities)}
          onAction={onAction}
        />
      </Group>
    </Group>
  );
}
