import { Button, Group, Select, Text } from "@mantine/core";
import { useState } from "react";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";

export interface AssignBarProps {
  selectedCount: number;
  /** The talent pool picks a workspace first (owned and guest ones); a workspace's list has its own. */
  workspaces?: readonly MyWorkspace[] | undefined;
}

function workspaceOptions(workspaces: readonly MyWorkspace[]) {
  const owned = workspaces.filter((workspace) => workspace.owned);
  const guest = workspaces.filter((workspace) => !workspace.owned);
  const items = (list: MyWorkspace[]) => list.map((workspace) => ({ value: workspace.id, label: workspace.name }));
  return [
    ...(owned.length > 0 ? [{ group: "Owned", items: items(owned) }] : []),
    ...(guest.length > 0 ? [{ group: "Guest", items: items(guest) }] : []),
  ];
}

/**
 * Assign selected people to a project (spec §4): Assign stays disabled until both a workspace and
 * a project are chosen. Projects are not in the replica yet, so no project can be picked and
 * assigning waits for them.
 */
export function AssignBar({ selectedCount, workspaces }: AssignBarProps) {
  const [workspaceId, setWorkspaceId] = useState<string | null>(null);
  const projectId: string | null = null;
  const needsWorkspace = workspaces !== undefined;
  const ready = (!needsWorkspace || workspaceId !== null) && projectId !== null && selectedCount > 0;
  return (
    <Group gap="sm" align="flex-end">
      {workspaces && (
        <Select
          label="Workspace"
          placeholder={workspaces.length === 0 ? "No workspaces yet" : "Choose a workspace"}
          data={workspaceOptions(workspaces)}
          value={workspaceId}
          onChange={setWorkspaceId}
          disabled={workspaces.length === 0}
          searchable
          w={240}
        />
      )}
      <Select
        label="Project"
        placeholder={needsWorkspace && workspaceId === null ? "Choose a workspace first" : "No projects yet"}
        data={[]}
        value={projectId}
        disabled
        w={240}
      />
      <Button disabled={!ready}>Assign</Button>
      <Text size="sm" c="dimmed">
        Projects are coming in a later release; assigning people to them will open here.
      </Text>
    </Group>
  );
}
