import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { StageRow } from "@hirestream/contracts/workflows/rows.ts";
import { Button, Group, NativeSelect, Text } from "@mantine/core";
import { memo } from "react";
import { personFullName } from "../../../components/people/person-display.ts";
import { candidaciesById } from "../../../replica/candidacy-store.ts";
import { useReplica } from "../../../replica/replica-provider.tsx";
import type { CandidateActionsState } from "./use-candidate-actions.ts";

/**
 * 'Selected (n)' and what can be done to the selected candidates at once: move them, remove them.
 * Memoized: the pipeline around it is read again on every write to the project. The stage
 * dropdown is the browser's own, as the rows' are: a Mantine Select keeps its closed dropdown
 * mounted and positions it as it mounts, which cost the board's first render a recalculation of
 * the page's styles.
 */
export const SelectionBar = memo(function SelectionBar({
  selected,
  stages,
  actions,
}: {
  selected: ReadonlySet<string>;
  stages: readonly StageRow[];
  actions: Pick<CandidateActionsState, "move" | "remove">;
}) {
  const { db } = useReplica();
  const none = selected.size === 0;
  // Read when acted on: the selection may span pages that are not loaded.
  const selectedRows = async (): Promise<CandidacyRow[]> =>
    (await candidaciesById(db, [...selected])).filter((row) => row !== undefined);

  const moveTo = async (stageId: string) => {
    const stage = stages.find((each) => each.id === stageId);
    if (stage) actions.move(await selectedRows(), stage);
  };
  const remove = async () => {
    const rows = await selectedRows();
    const people = await db.people.bulkGet(rows.map((row) => row.person_id));
    actions.remove(
      rows,
      rows.map((row, index) => {
        const person = people[index];
        return person ? personFullName(person) : row.person_id;
      }),
    );
  };

  return (
    <Group gap="sm" align="center">
      <Text fw={500} aria-live="polite">
        Selected ({selected.size})
      </Text>
      <NativeSelect
        aria-label="Move selected candidates to stage"
        data={[
          { value: "", label: "Move to stage", disabled: true },
          ...stages.map((stage) => ({ value: stage.id, label: stage.name })),
        ]}
        // Always back to "Move to stage": the dropdown is an action, not a setting.
        value=""
        onChange={(event) => void moveTo(event.currentTarget.value)}
        disabled={none}
        w={180}
      />
      <Button variant="default" color="red" disabled={none} onClick={() => void remove()}>
        Remove
      </Button>
    </Group>
  );
});
