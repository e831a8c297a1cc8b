import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Chip, Group } from "@mantine/core";
import { dequal } from "dequal";
import { memo } from "react";
import { stageCounts } from "../../../components/pipeline/pipeline-queries.ts";
import { useLiveValue } from "../../../hooks/use-live-value.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";

const ALL = "all";

/**
 * The stage filter: All, then each stage in position order, each with how many candidates it holds.
 * It reads the counts itself, so that a move renders the chips again and not the whole tab.
 */
export const StageChips = memo(function StageChips({
  projectId,
  stages,
  stageId,
  onChange,
}: {
  projectId: string;
  stages: readonly StageRow[];
  stageId: string | null;
  onChange: (stageId: string | null) => void;
}) {
  const { db } = useReplica();
  const stageKey = stages.map((stage) => stage.id).join(",");
  const counts = useLiveValue(
    () => stageCounts(db, projectId, stageKey === "" ? [] : stageKey.split(",")),
    [db, projectId, stageKey],
  );
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
}, dequal);
