import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { ActionIcon, Card, Group, Table, Text, Title, Tooltip } from "@mantine/core";
import { IconPencil } from "@tabler/icons-react";
import { Link } from "wouter";
import { useStageTalents } from "../../components/projects/use-project-workflow.ts";
import { workflowSummary } from "../../components/projects/workflow-summary.ts";
import { useWorkspaceSequences } from "../../components/sequences/use-sequences.ts";

/** The project's workflow: each stage with its talent count and sequence, and the way to edit it. */
export function WorkflowSummaryCard({
  projectId,
  workflow,
  editable,
}: {
  projectId: string;
  workflow: WorkflowRow;
  editable: boolean;
}) {
  const talents = useStageTalents(
    projectId,
    workflow.stages.map((stage) => stage.id),
  );
  const sequences = useWorkspaceSequences(workflow.workspace_id);
  const sequenceNames = new Map(sequences?.map((sequence) => [sequence.id, sequence.name]));
  const stages = workflowSummary(workflow, talents ?? new Map(), sequenceNames);
  return (
    <Card withBorder radius="md" padding="lg">
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">
          {workflow.name}
        </Title>
        {editable && (
          <Tooltip label="Edit workflow">
            <ActionIcon
              component={Link}
              href={`/workspaces/${workflow.workspace_id}/workflows`}
              variant="subtle"
              aria-label="Edit workflow"
            >
              <IconPencil size={18} aria-hidden="true" />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
      {workflow.description && (
        <Text size="sm" c="dimmed" mb="sm">
          {workflow.description}
        </Text>
      )}
      <Table verticalSpacing="xs">
        <Table.Thead>
          <Table.Tr>
            <Table.Th w={48}>#</Table.Th>
            <Table.Th>Stage</Table.Th>
            <Table.Th>Talents</Table.Th>
            <Table.Th>Sequence</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {stages.map((stage) => (
            <Table.Tr key={stage.id}>
              <Table.Td>{stage.number}</Table.Td>
              <Table.Td>{stage.name}</Table.Td>
              <Table.Td>{talents ? stage.talents : "…"}</Table.Td>
              <Table.Td>{stage.sequence}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Card>
  );
}
