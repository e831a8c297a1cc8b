import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Chip, Group } from "@mantine/core";
import type { StageCounts } from "../../../components/pipeline/pipeline-queries.ts";

const ALL = "all";

/** The stage filter: All, then each stage in position order, each with how many candidates it holds. */
export function StageChips({
  stages,
  counts,
  stageId,
  onChange,
}: {
  stages: readonly StageRow[];
  counts: StageCounts | undefined;
  stageId: string | null;
  onChange: (stageId: string | null) => void;
}) {
  const count = (value: number | undefined) => (counts === undefined ? "" : ` (${value ?? 0})`);
  return (
    <Chip.Group multiple={false} value={stageId ?? ALL} onChange={(value) => onChange(value === ALL ? null : value)}>
      <Group gap="xs" role="radiogroup" aria-label="Stages">
        <Chip value={ALL} variant="outline">
          All{count(counts?.all)}
        </Chip>
        {stages.map((stage) => (
          <Chip key={stage.id} value={stage.id} variant="outline">
            {stage.name}
            {count(counts?.byStage[stage.id])}
          </Chip>
        ))}
      </Group>
    </Chip.Group>
  );
}
