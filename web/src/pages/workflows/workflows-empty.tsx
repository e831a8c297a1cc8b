import { Stack, Text } from "@mantine/core";
import type { WorkflowTab } from "../../components/workflows/workflow-list.ts";

/** Templates: what a workflow is and where to start. Assigned: that these are copies of templates. */
export function WorkflowsEmpty({ tab, canCreate }: { tab: WorkflowTab; canCreate: boolean }) {
  return tab === "templates" ? (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={500}>No workflow templates yet.</Text>
      <Text c="dimmed" ta="center" maw={520}>
        A workflow is a reusable template of ordered stages that candidates move through. A stage can start a message
        sequence and name the stage to move a candidate to when they respond.
      </Text>
      {canCreate && (
        <Text c="dimmed" ta="center" maw={520}>
          Create your first one with the + WORKFLOW button above.
        </Text>
      )}
    </Stack>
  ) : (
    <Stack align="center" py="xl" gap="xs">
      <Text fw={500}>No workflows assigned to projects yet.</Text>
      <Text c="dimmed" ta="center" maw={520}>
        Assigned workflows are copies of templates: when a template is added to a project, the project gets its own
        copy, listed here.
      </Text>
    </Stack>
  );
}
