import type { ProjectStatus } from "@hirestream/contracts/projects/events.ts";
import { Badge } from "@mantine/core";

const colors: Record<ProjectStatus, string> = { Active: "teal", Inactive: "gray", Archived: "dark" };

export function ProjectStatusBadge({ status }: { status: ProjectStatus }) {
  return (
    <Badge variant="light" color={colors[status]}>
      {status}
    </Badge>
  );
}
