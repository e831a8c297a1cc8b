import { Button, Group } from "@mantine/core";
import { useState } from "react";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import { screen } from "../../lazy-screen.ts";
import { ModalSuspense } from "../dialogs/modal-suspense.tsx";
import { ProjectChoiceFields } from "../pipeline/project-choice-fields.tsx";
import { useProjectChoice } from "../pipeline/use-project-choice.ts";

const AssignQuestion = screen(() => import("./assign-question.tsx").then((m) => m.AssignQuestion));

export interface AssignBarProps {
  /** The selected people still in the list. */
  selectedIds: readonly string[];
  /** A workspace's list assigns to that workspace's projects. */
  workspaceId?: string | undefined;
  /** The talent pool picks a workspace first, from the user's owned and guest ones. */
  workspaces?: readonly MyWorkspace[] | undefined;
  /** The people were assigned: the list clears its selection. */
  onAssigned: () => void;
}

/**
 * Assign selected people to a project (spec §4): Assign stays disabled until a workspace and a
 * project are chosen, then asks first. The candidates show in the project's first stage at once,
 * offline too; afterwards the selection and the dropdowns are cleared.
 */
export function AssignBar({ selectedIds, workspaceId, workspaces, onAssigned }: AssignBarProps) {
  const user = useCurrentUser();
  const choice = useProjectChoice(user?.id, workspaceId ?? null);
  const [confirming, setConfirming] = useState(false);
  // The question mounts (and its code loads) when first asked, then stays so it closes as it
  // opened: a list's first render carries no modal.
  const [asked, setAsked] = useState(false);
  if (confirming && !asked) setAsked(true);
  const { chosen } = choice;
  const ready = chosen !== undefined && selectedIds.length > 0;

  return (
    <Group gap="sm" align="flex-end">
      <ProjectChoiceFields choice={choice} workspaces={workspaces} />
      <Button disabled={!ready} onClick={() => setConfirming(true)}>
        Assign
      </Button>
      {asked && (
        <ModalSuspense>
          <AssignQuestion
            opened={confirming && ready}
            selectedIds={selectedIds}
            chosen={chosen}
            onClose={() => setConfirming(false)}
            onAssigned={() => {
              onAssigned();
              choice.clear();
            }}
          />
        </ModalSuspense>
      )}
    </Group>
  );
}
