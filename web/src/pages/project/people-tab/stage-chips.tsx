import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Chip, Group } from "@mantine/core";
import { dequal } from "dequal";
import { memo, useId } from "react";
import { stageCountsOf } from "../../../components/pipeline/pipeline-queries.ts";
import { useStableCallback } from "../../../hooks/use-stable-callback.ts";
import { useProjectCounts } from "../../../replica/use-project-counts.ts";

const ALL = "all";

/** One chip of the filter; radios of one name, so the arrow keys move between them. */
const StageChip = memo(function StageChip({
  name,
  value,
  label,
  count,
  checked,
  onSelect,
}: {
  name: string;
  value: string;
  label: string;
  count: number | undefined;
  checked: boolean;
  onSelect: (value: string) => void;
}) {
  return (
    <Chip type="radio" name={name} value={value} checked={checked} onChange={() => onSelect(value)} variant="outline">
      {label}
      {count === undefined ? "" : ` (${count})`}
    </Chip>
  );
});

/**
 * The stage filter: All, then each stage in position order, each with how many candidates it holds.
 * It reads the counts itself and each chip is memoized, so that a move renders the two chips whose
 * counts changed and not the whole tab. (No Chip.Group: its context would render every chip.)
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
  const name = useId();
  const stageKey = stages.map((stage) => stage.id).join(",");
  const counts = useProjectCounts(
    projectId,
    (row) => stageCountsOf(row, stageKey === "" ? [] : stageKey.split(",")),
    stageKey,
  );
  const select = useStableCallback((value: string) => onChange(value === ALL ? null : value));
  const chosen = stageId ?? ALL;
  return (
    <Group gap="xs" role="radiogroup" aria-label="Stages">
      <StageChip name={name} value={ALL} label="All" count={counts?.all} checked={chosen === ALL} onSelect={select} />
      {stages.map((stage) => (
        <StageChip
          key={stage.id}
          name={name}
          value={stage.id}
          label={stage.name}
          count={counts === undefined ? undefined : (counts.byStage[stage.id] ?? 0)}
          checked={chosen === stage.id}
          onSelect={select}
        />
      ))}
    </Group>
  );
}, dequal);
