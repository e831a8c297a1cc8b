import { candidacyMessages } from "@hirestream/contracts/candidacies/commands.ts";
import { Button, Group, Modal, Stack, Text } from "@mantine/core";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { useMyWorkspaces } from "../../hooks/use-workspaces.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { queueAssignment } from "../pipeline/assignment.ts";
import { ProjectChoiceFields } from "../pipeline/project-choice-fields.tsx";
import { useProjectChoice } from "../pipeline/use-project-choice.ts";

export interface ExportPeopleModalProps {
  /** The selected people still in the list. */
  selectedIds: readonly string[];
  /** Where the list is: its workspace is picked to begin with. */
  workspaceId: string;
  onClose: () => void;
  /** The people were exported: the list clears its selection. */
  onExported: () => void;
}

/**
 * Export People: copies the selected people into a project, of this workspace or another one of
 * the user's. Export stays disabled until a project is chosen and someone is selected. Mount it to open it.
 */
export function ExportPeopleModal({ selectedIds, workspaceId, onClose, onExported }: ExportPeopleModalProps) {
  const runtime = useReplica();
  const user = useCurrentUser();
  const workspaces = useMyWorkspaces(user?.id);
  const choice = useProjectChoice(user?.id, workspaceId);
  const [exporting, setExporting] = useState(false);
  const { chosen } = choice;
  const count = selectedIds.length;

  const exportPeople = async () => {
    if (!chosen || count === 0) return;
    setExporting(true);
    try {
      await queueAssignment(runtime, "export", chosen, selectedIds, new Date());
      showSuccessToast(candidacyMessages.assigned);
      onExported();
      onClose();
    } catch (error) {
      showErrorToasts(messagesOf(error));
      setExporting(false);
    }
  };

  return (
    <Modal opened onClose={onClose} title="Export People" centered>
      <Stack gap="md">
        <Text>
          Candidates: <strong data-count="export">{count}</strong>
        </Text>
        <ProjectChoiceFields choice={choice} workspaces={workspaces ?? []} width="100%" />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={() => void exportPeople()} disabled={!chosen || count === 0} loading={exporting}>
            Export
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
