import { candidacyMessages } from "@hirestream/contracts/candidacies/commands.ts";
import { Button, Group, Modal, Text } from "@mantine/core";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { queueAssignment } from "../pipeline/assignment.ts";
import type { AssignableProject } from "../pipeline/project-workflow.ts";

const peopleCount = (count: number) => (count === 1 ? "1 person" : `${count} people`);

/**
 * The 'Assign People' question (spec §4), and on yes the assignment: the candidates show in the
 * project's first stage at once, offline too. Its code (the modal, the pipeline's commands) loads
 * when first asked, not with the lists that offer it.
 */
export function AssignQuestion({
  opened,
  selectedIds,
  chosen,
  onClose,
  onAssigned,
}: {
  opened: boolean;
  selectedIds: readonly string[];
  chosen: AssignableProject | undefined;
  onClose: () => void;
  onAssigned: () => void;
}) {
  const runtime = useReplica();
  const [assigning, setAssigning] = useState(false);

  const assign = async () => {
    if (!chosen) return;
    setAssigning(true);
    try {
      await queueAssignment(runtime, "assign", chosen, selectedIds, new Date());
      onClose();
      showSuccessToast(candidacyMessages.assigned);
      onAssigned();
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setAssigning(false);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title="Assign People" centered>
      <Text mb="lg">
        Assign {peopleCount(selectedIds.length)} to {chosen?.project.name}? They start in the stage{" "}
        {chosen?.firstStage.name}.
      </Text>
      <Group justify="flex-end">
        <Button variant="default" onClick={onClose}>
          Cancel
        </Button>
        <Button onClick={() => void assign()} loading={assigning} data-autofocus>
          Assign
        </Button>
      </Group>
    </Modal>
  );
}
