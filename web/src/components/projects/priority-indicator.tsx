import type { ProjectPriority } from "@hirestream/contracts/projects/events.ts";
import { Badge } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconEqual } from "@tabler/icons-react";

const looks: Record<ProjectPriority, { color: string; Icon: typeof IconArrowUp }> = {
  High: { color: "red", Icon: IconArrowUp },
  Medium: { color: "orange", Icon: IconEqual },
  Low: { color: "gray", Icon: IconArrowDown },
};

/** The project's priority: its word, with a colour and an arrow to tell them apart at a glance. */
export function PriorityIndicator({ priority }: { priority: ProjectPriority }) {
  const { color, Icon } = looks[priority];
  return (
    <Badge variant="light" color={color} leftSection={<Icon size={12} aria-hidden="true" />}>
      {priority}
    </Badge>
  );
}
