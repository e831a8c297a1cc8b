import { STAGE_NAME_MAX } from "@hirestream/contracts/workflows/commands.ts";
import { ActionIcon, Anchor, Group, Paper, Select, Stack, Switch, ThemeIcon } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { CountedTextInput } from "./counted-text-input.tsx";
import type { WorkflowForm } from "./use-workflow-form.ts";
import {
  canRemoveStage,
  type DraftMode,
  type DraftStage,
  onResponseOptions,
  setStageAction,
  setStageSequence,
} from "./workflow-draft.ts";

export interface SequenceOption {
  value: string;
  label: string;
}

interface StageEditorProps {
  form: WorkflowForm;
  index: number;
  mode: DraftMode;
  /** feature_sequence: the stage action toggle and what it opens. */
  sequenceFeature: boolean;
  sequences: readonly SequenceOption[];
  workspaceId: string;
  /** The stage being worked on: the last one focused. Only it may offer its removal (spec §5). */
  activeStageId: string | null;
  onActivate: (stageId: string) => void;
  onRemove: (index: number) => void;
}

/**
 * One numbered stage: its name, and with feature_sequence its action toggle, sequence and follow-up.
 * Focus anywhere in it makes it the active stage; it stays active when focus moves on to its own
 * remove control (reached with Tab from its fields), so the control does not vanish under the pointer.
 */
export function StageEditor({
  form,
  index,
  mode,
  sequenceFeature,
  sequences,
  workspaceId,
  activeStageId,
  onActivate,
  onRemove,
}: StageEditorProps) {
  const stages = form.values.stages;
  const stage = stages[index];
  if (!stage) return null;
  const number = index + 1;
  const replace = (next: DraftStage) =>
    form.setFieldValue(
      "stages",
      stages.map((current, at) => (at === index ? next : current)),
    );
  const followUps = onResponseOptions(stages, index);

  return (
    <Paper
      withBorder
      p="sm"
      radius="md"
      onFocus={() => onActivate(stage.id)}
      data-active={stage.id === activeStageId || undefined}
      style={stage.id === activeStageId ? { borderColor: "var(--mantine-primary-color-filled)" } : undefined}
    >
      <Group align="flex-start" wrap="nowrap" gap="sm">
        <ThemeIcon radius="xl" variant="light" mt={26} aria-hidden="true">
          {number}
        </ThemeIcon>
        <CountedTextInput
          label={`Stage ${number}`}
          withAsterisk
          max={STAGE_NAME_MAX}
          style={{ flex: 1 }}
          {...form.getInputProps(`stages.${index}.name`)}
          value={stage.name}
        />
        {sequenceFeature && (
          <Switch
            mt={32}
            w={96}
            checked={stage.action}
            label={stage.action ? "Active" : "Inactive"}
            aria-label={`Action of stage ${number}`}
            onChange={(event) => replace(setStageAction(stage, event.currentTarget.checked))}
          />
        )}
        {canRemoveStage(stages, index, mode, activeStageId) && (
          <ActionIcon
            mt={28}
            variant="subtle"
            color="red"
            aria-label={`Remove stage ${number}`}
            onClick={() => onRemove(index)}
          >
            <IconTrash size={18} aria-hidden="true" />
          </ActionIcon>
        )}
      </Group>
      {sequenceFeature && stage.action && (
        <Stack gap="xs" mt="sm" ml={44}>
          <Select
            label="Sequence"
            withAsterisk
            placeholder="Select a sequence"
            nothingFoundMessage="No sequences yet"
            data={[...sequences]}
            value={stage.sequence_id}
            onChange={(value) => replace(setStageSequence(stage, value))}
            error={form.errors[`stages.${index}.sequence_id`]}
            clearable
          />
          <Anchor href={`/workspaces/${workspaceId}/sequences`} target="_blank" rel="noopener noreferrer" size="sm">
            Open Sequences in a new tab
          </Anchor>
          {stage.sequence_id !== null && (
            <Select
              label="On response, move to"
              placeholder="Select a stage"
              data={followUps}
              value={stage.on_response_stage_id}
              onChange={(value) => replace({ ...stage, on_response_stage_id: value })}
              clearable
            />
          )}
        </Stack>
      )}
    </Paper>
  );
}
