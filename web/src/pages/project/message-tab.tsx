import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { Anchor, Stack, Text, Title } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { useMemo } from "react";
import { orderedStages } from "../../components/pipeline/project-workflow.ts";
import { accessTo, type ProjectListItem } from "../../components/projects/use-projects.ts";
import { MessageBoard } from "./message-tab/message-board.tsx";
import { messagePowers } from "./message-tab/message-powers.ts";

/**
 * The project's Message tab (workflows-sequences-messaging.md §2): the payloads of the stages that
 * start a sequence, or, while its workflow starts none, what messaging needs.
 */
export function MessageTab({
  workspaceId,
  project,
  workflow,
}: {
  workspaceId: string;
  project: ProjectListItem;
  workflow: WorkflowRow | null | undefined;
}) {
  const stages = useMemo(
    () => orderedStages(workflow ?? undefined).filter((stage) => stage.sequence_id !== null),
    [workflow],
  );
  if (stages.length === 0) return <NoSequence workspaceId={workspaceId} />;
  return (
    <MessageBoard
      workspaceId={workspaceId}
      project={{ id: project.id, name: project.name }}
      stages={stages}
      powers={messagePowers(project, accessTo(project))}
    />
  );
}

/** What messaging needs, and where to set it up. */
function NoSequence({ workspaceId }: { workspaceId: string }) {
  return (
    <Stack align="center" gap="sm" py="xl">
      <IconMailOff size={36} aria-hidden="true" />
      <Title order={2} size="h4">
        No messages to write yet
      </Title>
      <Text c="dimmed" ta="center" maw={560}>
        Assign this project a workflow containing a sequence: candidates entering its stage then receive the sequence's
        emails, and their messages show here.
      </Text>
      <Text c="dimmed" ta="center" maw={560}>
        A sequence sends from a connected email account, so it needs credentials first.
      </Text>
      <Stack gap={4} align="center">
        <Anchor href={`/workspaces/${workspaceId}/integrations`} target="_blank" rel="noopener">
          Connect credentials in Integrations
        </Anchor>
        <Anchor href={`/workspaces/${workspaceId}/sequences`} target="_blank" rel="noopener">
          Create a sequence
        </Anchor>
      </Stack>
    </Stack>
  );
}
