import { Badge, Group, List, Text, VisuallyHidden } from "@mantine/core";
import { responseLabels } from "../pipeline/candidacy-responses.ts";
import { RouterAnchor } from "../router-anchor.tsx";
import { PendingBadge } from "./pending-badge.tsx";
import type { PersonProject } from "./person-projects.ts";

function ProjectName({ entry }: { entry: PersonProject }) {
  const { project, candidacy } = entry;
  if (!project) {
    return (
      <Text size="sm" c="dimmed" span>
        A project still on its way to this device
      </Text>
    );
  }
  return (
    <RouterAnchor href={`/workspaces/${candidacy.workspace_id}/project/${project.id}`} size="sm" fw={500}>
      {project.name}
    </RouterAnchor>
  );
}

/** Where the person stands in one project: the stage they are in and their response. */
function StageAndResponse({ entry }: { entry: PersonProject }) {
  const { candidacy } = entry;
  return (
    <Group gap={6} wrap="nowrap">
      <VisuallyHidden>Stage:</VisuallyHidden>
      <Badge size="sm" variant="light" radius="sm" tt="none">
        {candidacy.status}
      </Badge>
      <VisuallyHidden>Response:</VisuallyHidden>
      {candidacy.response ? (
        <Text size="sm" span>
          {responseLabels[candidacy.response]}
        </Text>
      ) : (
        <Text size="sm" c="dimmed" span>
          No response
        </Text>
      )}
    </Group>
  );
}

/**
 * A person's projects, each with its stage and response. `panel` stacks the two on lines of their
 * own (the profile's side panel); `inline` keeps each project on one line (a table cell).
 */
export function PersonProjectList({
  entries,
  layout,
}: {
  entries: readonly PersonProject[];
  layout: "panel" | "inline";
}) {
  return (
    <List listStyleType="none" spacing={layout === "panel" ? "sm" : 4} size="sm">
      {entries.map((entry) => (
        <List.Item key={entry.candidacy.id}>
          <Group gap={layout === "panel" ? 4 : 8} wrap={layout === "panel" ? "wrap" : "nowrap"}>
            <Group gap={6} wrap="nowrap" w={layout === "panel" ? "100%" : undefined}>
              <ProjectName entry={entry} />
              {entry.project?.status === "Archived" && (
                <Badge size="xs" variant="outline" color="gray">
                  Archived
                </Badge>
              )}
              {entry.candidacy._pending > 0 && <PendingBadge />}
            </Group>
            <StageAndResponse entry={entry} />
          </Group>
        </List.Item>
      ))}
    </List>
  );
}
