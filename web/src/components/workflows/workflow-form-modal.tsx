import { WORKFLOW_NAME_MAX, WORKFLOW_TEXT_MAX } from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import { Button, Group, Modal, Stack, Text, Textarea } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { useSnapshot } from "valtio";
import { messagesOf } from "../../api/api-errors.ts";
import { newId } from "../../ids/new-id.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { features } from "../../state/features-state.ts";
import { CountedTextInput } from "./counted-text-input.tsx";
import { type SequenceOption, StageEditor } from "./stage-editor.tsx";
import { useWorkflowForm } from "./use-workflow-form.ts";
import { createWorkflow, updateWorkflow } from "./workflow-commands.ts";
import {
  addStage,
  canAddStage,
  draftOfWorkflow,
  newWorkflowDraft,
  removeStage,
  workflowDraftChanged,
} from "./workflow-draft.ts";

export type WorkflowFormTarget = { mode: "create" } | { mode: "edit"; workflow: WorkflowRow };

interface WorkflowFormModalProps {
  target: WorkflowFormTarget;
  workspaceId: string;
  userId: string;
  /** The workspace's sequences a stage may start. */
  sequences: readonly SequenceOption[];
  onClose: () => void;
}

/**
 * New Workflow and Edit Workflow. Saving queues the write in the replica's outbox, so it works
 * offline and the list shows it at once. Mount it to open it: each opening starts afresh.
 */
export function WorkflowFormModal({ target, workspaceId, userId, sequences, onClose }: WorkflowFormModalProps) {
  const runtime = useReplica();
  const { feature_sequence: sequenceFeature } = useSnapshot(features);
  const form = useWorkflowForm(() =>
    target.mode === "edit" ? draftOfWorkflow(target.workflow) : newWorkflowDraft(newId),
  );
  const [saving, setSaving] = useState(false);
  const [activeStageId, setActiveStageId] = useState<string | null>(null);
  // A stage added gets the focus (and so becomes the active one); after a removal, focus goes to the
  // stage now in its place (or the new last one) rather than to the page.
  const [focusStageAt, setFocusStageAt] = useState<number | null>(null);
  useEffect(() => {
    if (focusStageAt === null) return;
    form.getInputNode(`stages.${focusStageAt}.name`)?.focus();
    setFocusStageAt(null);
  }, [focusStageAt, form]);
  const unchanged = target.mode === "edit" && !workflowDraftChanged(target.workflow, form.values);

  const save = async () => {
    const draft = form.getValues();
    const command =
      target.mode === "edit"
        ? updateWorkflow(target.workflow, draft, new Date())
        : createWorkflow({ id: newId(), workspaceId, userId, draft, now: new Date() });
    setSaving(true);
    try {
      await runtime.mutate(command);
      onClose();
      if (target.mode === "create") showSuccessToast(`Workflow ${draft.name.trim()} created correctly.`);
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };

  const stages = form.values.stages;
  const remove = (index: number) => {
    const rest = removeStage(stages, index);
    form.setFieldValue("stages", rest);
    setActiveStageId(null);
    setFocusStageAt(Math.min(index, rest.length - 1));
  };
  return (
    <Modal
      opened
      onClose={onClose}
      title={target.mode === "edit" ? "Edit Workflow" : "New Workflow"}
      size="xl"
      centered
    >
      <form onSubmit={form.onSubmit(() => void save())} noValidate>
        <Stack gap="md">
          <CountedTextInput
            label="Name"
            withAsterisk
            data-autofocus
            max={WORKFLOW_NAME_MAX}
            {...form.getInputProps("name")}
            value={form.values.name}
          />
          <Textarea
            label="Description"
            autosize
            minRows={2}
            maxLength={WORKFLOW_TEXT_MAX}
            {...form.getInputProps("description")}
          />
          <Stack gap="xs">
            <Text fw={500} size="sm" id="workflow-stages-label">
              Stages
            </Text>
            <Stack
              component="ol"
              gap="xs"
              aria-labelledby="workflow-stages-label"
              style={{ listStyle: "none", margin: 0, padding: 0 }}
            >
              {stages.map((stage, index) => (
                <li key={stage.id}>
                  <StageEditor
                    form={form}
                    index={index}
                    mode={target.mode}
                    sequenceFeature={sequenceFeature}
                    sequences={sequences}
                    workspaceId={workspaceId}
                    activeStageId={activeStageId}
                    onActivate={setActiveStageId}
                    onRemove={remove}
                  />
                </li>
              ))}
            </Stack>
            {form.errors.stages && (
              <Text c="red" size="sm">
                {form.errors.stages}
              </Text>
            )}
          </Stack>
          {canAddStage(stages, sequenceFeature) && (
            <Group>
              <Button
                variant="light"
                leftSection={<IconPlus size={16} aria-hidden="true" />}
                onClick={() => {
                  form.setFieldValue("stages", addStage(stages, newId()));
                  setFocusStageAt(stages.length);
                }}
              >
                Add stage
              </Button>
            </Group>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" disabled={unchanged} loading={saving}>
              {target.mode === "edit" ? "Update" : "Create"}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
