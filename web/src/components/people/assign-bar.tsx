import { candidacyMessages } from "@hirestream/contracts/candidacies/commands.ts";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import type { MyWorkspace } from "../../hooks/use-workspaces.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { queueAssignment } from "../pipeline/assignment.ts";
import { ProjectChoiceFields } from "../pipeline/project-choice-fields.tsx";
import { useProjectChoice } from "../pipeline/use-project-choice.ts";

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

const peopleCount = (count: number) => (count === 1 ? "1 person" : `${count} people`);

/**
 * Assign selected people to a project (spec §4): Assign stays disabled until a workspace and a
 * project are chosen, then asks first. The candidates show in the project's first stage at once,
 * offline too; afterwards the selection and the dropdowns are cleared.
 */
export function AssignBar({ selectedIds, workspaceId, workspaces, onAssigned }: AssignBarProps) {
  const runtime = useReplica();
  const user = useCurrentUser();
  const choice = useProjectChoice(user?.id, workspaceId ?? null);
  const [confirming, setConfirming] = useState(false);
  // The question's modal mounts when first asked, then stays so it closes as it opened: a list's
  // first render carries no modal.
  const [asked, setAsked] = useState(false);
  if (confirming && !asked) setAsked(true);
  const [assigning, setAssigning] = useState(false);
  const { chosen } = choice;
  const ready = chosen !== undefined && selectedIds.length > 0;

  const assign = async () => {
    if (!chosen) return;
    setAssigning(true);
    try {
      await queueAssignment(runtime, "assign", chosen, selectedIds, new Date());
      setConfirming(false);
      showSuccessToast(candidacyMessages.assigned);
      onAssigned();
      choice.clear();
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setAssigning(false);
    }
  };

  return (
    <Group gap="sm" align="flex-end">
      <ProjectChoiceFields choice={choice} workspaces={workspaces} />
      <Button disabled={!ready} onClick={() => setConfirming(true)}>
        Assign
      </Button>
      {asked && (
        <Modal opened={confirming && ready} onClose={() => setConfirming(false)} title="Assign People" centered>
          <Text mb="lg">
            Assign {peopleCount(selectedIds.length)} to {chosen?.project.name}? They start in the stage{" "}
            {chosen?.firstStage.name}.
          </Text>
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button onClick={() => void assign()} loading={assigning} data-autofocus>
              Assign
            </Button>
          </Group>
        </Modal>
      )}
    </Group>
  );
}
