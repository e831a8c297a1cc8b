import { type PayloadFilter, payloadFilters } from "@hirestream/contracts/processors/payload-filters.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Chip, Group, SegmentedControl, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { useId } from "react";

/** The stages that start a sequence, one chosen at a time: the tab shows one stage's payloads. */
export function SequenceStageChips({
  stages,
  stageId,
  onChange,
}: {
  stages: readonly StageRow[];
  stageId: string;
  onChange: (stageId: string) => void;
}) {
  const name = useId();
  return (
    <Group gap="xs" role="radiogroup" aria-label="Stages">
      {stages.map((stage) => (
        <Chip
          key={stage.id}
          type="radio"
          name={name}
          value={stage.id}
          checked={stage.id === stageId}
          onChange={() => onChange(stage.id)}
          variant="outline"
        >
          {stage.name}
        </Chip>
      ))}
    </Group>
  );
}

const filterLabels: Record<PayloadFilter, string> = {
  pending: "Pending",
  queue: "Queue",
  paused: "Paused",
  failed: "Failed",
  finished: "Finished",
  review: "Review",
};

function isFilter(value: string): value is PayloadFilter {
  return (payloadFilters as readonly string[]).includes(value);
}

/** Spec §4's status filter: its words, review only where the stage's sequence has review. */
export function StatusFilter({
  options,
  value,
  onChange,
}: {
  options: readonly PayloadFilter[];
  value: PayloadFilter;
  onChange: (filter: PayloadFilter) => void;
}) {
  return (
    <SegmentedControl
      aria-label="Status filter"
      size="xs"
      data={options.map((option) => ({ value: option, label: filterLabels[option] }))}
      value={value}
      onChange={(chosen) => {
        if (isFilter(chosen)) onChange(chosen);
      }}
    />
  );
}

/** Searches the list by the person's name as it is typed: the list is the replica's, so it answers at once. */
export function NameSearch({ value, onChange }: { value: string; onChange: (text: string) => void }) {
  const id = useId();
  return (
    <search>
      <TextInput
        id={id}
        aria-label="Search by name"
        placeholder="Search by name"
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        leftSection={<IconSearch size={16} aria-hidden="true" />}
        w={260}
        maxLength={200}
      />
    </search>
  );
}
