import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { Box, Group, Scroller, Text, ThemeIcon } from "@mantine/core";
import { STRIP_SCROLL_STEP_PX, stripStages } from "./workflow-list.ts";

/** The numbered stages of a workflow in a row that scrolls sideways, its arrows moving 300 px. */
export function StageProgressStrip({ workflow }: { workflow: WorkflowRow }) {
  const stages = stripStages(workflow);
  return (
    <Scroller
      scrollAmount={STRIP_SCROLL_STEP_PX}
      startControlProps={{ "aria-label": `Scroll the stages of ${workflow.name} back` }}
      endControlProps={{ "aria-label": `Scroll the stages of ${workflow.name} on` }}
    >
      <Group gap={0} wrap="nowrap" role="list" aria-label={`Stages of ${workflow.name}`}>
        {stages.map((stage, index) => (
          <Group key={stage.id} gap={0} wrap="nowrap" role="listitem">
            {index > 0 && <Box w={24} h={2} bg="gray.4" mx={6} aria-hidden="true" />}
            <Group gap={6} wrap="nowrap">
              <ThemeIcon radius="xl" size="sm" variant="filled">
                <Text size="xs" fw={700} span>
                  {stage.number}
                </Text>
              </ThemeIcon>
              <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                {stage.name}
              </Text>
            </Group>
          </Group>
        ))}
      </Group>
    </Scroller>
  );
}
