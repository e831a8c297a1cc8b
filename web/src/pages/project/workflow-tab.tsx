import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { Button, Group, Select, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { assignWorkflow } from "../../components/projects/project-creation.ts";
import type { ProjectAbilities } from "../../components/projects/project-permissions.ts";
import { useWorkflowTemplates } from "../../components/projects/use-project-workflow.ts";
import type { ProjectListItem } from "../../components/projects/use-projects.ts";
import { RouterAnchor } from "../../components/router-anchor.tsx";
import { useReplica } from "../../replica/replica-provider.tsx";
import { WorkflowSummaryCard } from "./workflow-summary-card.tsx";

/** A project without a workflow: pick one of the workspace's templates and assign it, once. */
function AssignWorkflow({ project, userId }: { project: ProjectListItem; userId: string }) {
  const runtime = useReplica();
  const templates = useWorkflowTemplates(project.workspace_id);
  const [chosen, setChosen] = useState<string | null>(null);
  const template = templates?.find((candidate) => candidate.id === chosen);
  const newWorkflow = (
    <RouterAnchor href={`/workspaces/${project.workspace_id}/workflows`} size="sm">
      Create a new workflow
    </RouterAnchor>
  );
  if (templates && templates.length === 0) {
    return (
      <Stack gap="xs">
        <Text>This project has no workflow, and this workspace has no workflows to choose from yet.</Text>
        {newWorkflow}
      </Stack>
    );
  }
  return (
    <Stack gap="sm" maw={480}>
      <Text>Choose the workflow this project's candidates will follow. It can be assigned once.</Text>
      <Group align="flex-end">
        <Select
          label="Workflow"
          placeholder="Choose a workflow"
          data={(templates ?? []).map((candidate) => ({ value: candidate.id, label: candidate.name }))}
          value={chosen}
          onChange={setChosen}
          allowDeselect={false}
          style={{ flexGrow: 1 }}
        />
        <Button
          disabled={!template}
          onClick={() => {
            if (template) void runtime.mutate(assignWorkflow(project, template, userId, new Date()));
          }}
        >
          Continue
        </Button>
      </Group>
      {newWorkflow}
    </Stack>
  );
}

/** The Workflow tab: the summary of the project's workflow, or the way to give it one. */
export function WorkflowTab({
  project,
  workflow,
  abilities,
  userId,
}: {
  project: ProjectListItem;
  workflow: WorkflowRow | null | undefined;
  abilities: ProjectAbilities;
  userId: string;
}) {
  if (workflow) return <WorkflowSummaryCard projectId={project.id} workflow={workflow} editable={abilities.edit} />;
  if (project.workflow_id !== null) {
    return (
      <Text c="dimmed">{workflow === undefined ? "Loading the workflow…" : "This workflow is not available."}</Text>
    );
  }
  if (!abilities.edit) return <Text c="dimmed">No workflow has been assigned to this project yet.</Text>;
  return <AssignWorkflow project={project} userId={userId} />;
}
