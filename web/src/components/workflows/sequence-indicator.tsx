import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { Text, ThemeIcon } from "@mantine/core";
import { IconCheck } from "@tabler/icons-react";
import { hasSequence } from "./workflow-list.ts";

/** Checked when a stage of the workflow starts a sequence, otherwise a dash. */
export function SequenceIndicator({ workflow }: { workflow: WorkflowRow }) {
  return hasSequence(workflow) ? (
    <ThemeIcon radius="xl" size="sm" color="teal" variant="light" role="img" aria-label="Has a sequence">
      <IconCheck size={14} aria-hidden="true" />
    </ThemeIcon>
  ) : (
    <Text c="dimmed" role="img" aria-label="No sequence">
      –
    </Text>
  );
}
