import { Badge, Group, Table, Text } from "@mantine/core";
import { SequenceIndicator } from "../../components/workflows/sequence-indicator.tsx";
import { StageProgressStrip } from "../../components/workflows/stage-progress-strip.tsx";
import type { ShownProject, ShownWorkflow } from "../../components/workflows/use-workflows.ts";
import {
  type WorkflowAction,
  type WorkflowTab,
  type WorkflowViewer,
  workflowActions,
} from "../../components/workflows/workflow-list.ts";
import { WorkflowRowMenu } from "./workflow-row-menu.tsx";

interface WorkflowTableProps {
  tab: WorkflowTab;
  workflows: readonly ShownWorkflow[];
  projectsById: ReadonlyMap<string, ShownProject>;
  /** Who looks: what each row's menu offers depends on it. */
  viewer: WorkflowViewer;
  /** Projects with people in them, whose copies cannot be removed. */
  projectsWithPeople: ReadonlySet<string>;
  onAction: (action: WorkflowAction, workflow: ShownWorkflow) => void;
}

/** One row per workflow: name (and project, on Assigned), stage strip, Sequence indicator, config menu. */
export function WorkflowTable({
  tab,
  workflows,
  projectsById,
  viewer,
  projectsWithPeople,
  onAction,
}: WorkflowTableProps) {
  const assigned = tab === "assigned";
  return (
    <Table verticalSpacing="sm" layout="fixed" highlightOnHover>
      <Table.Thead>
        <Table.Tr>
          <Table.Th w="22%">Name</Table.Th>
          {assigned && <Table.Th w="16%">Project</Table.Th>}
          <Table.Th>Stages</Table.Th>
          <Table.Th w={96} ta="center">
            Sequence
          </Table.Th>
          <Table.Th w={56} aria-label="Actions" />
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {workflows.map((workflow) => {
          const project = workflow.project_id === null ? undefined : projectsById.get(workflow.project_id);
          return (
            <Table.Tr key={workflow.id} data-pending={workflow._pending > 0 || undefined}>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <Text fw={500} truncate>
                    {workflow.name}
                  </Text>
                  {workflow._pending > 0 && (
                    <Badge size="xs" variant="light" color="yellow" title="Not saved on the server yet">
                      Pending
                    </Badge>
                  )}
                </Group>
              </Table.Td>
              {assigned && (
                <Table.Td>
                  <Text truncate>{project?.name ?? "—"}</Text>
                </Table.Td>
              )}
              <Table.Td>
                <StageProgressStrip workflow={workflow} />
              </Table.Td>
              <Table.Td>
                <Group justify="center">
                  <SequenceIndicator workflow={workflow} />
                </Group>
              </Table.Td>
              <Table.Td>
                <WorkflowRowMenu
                  name={workflow.name}
                  actions={workflowActions(tab, {
                    workflow,
                    viewer,
                    project,
                    projectHasPeople: workflow.project_id !== null && projectsWithPeople.has(workflow.project_id),
                  })}
                  onAction={(action) => onAction(action, workflow)}
                />
              </Table.Td>
            </Table.Tr>
          );
        })}
      </Table.Tbody>
    </Table>
  );
}
