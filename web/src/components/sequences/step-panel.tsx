import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import { STEP_TEXT_MAX } from "@hirestream/contracts/sequences/commands.ts";
import { workdayEndOptions, workdayStartOptions } from "@hirestream/contracts/sequences/hours.ts";
import { placeholderOf } from "@hirestream/contracts/sequences/variables.ts";
import { Checkbox, Group, Select, Stack, TextInput } from "@mantine/core";
import { useRef } from "react";
import { CredentialFields } from "./credential-fields.tsx";
import { DelayInput } from "./delay-input.tsx";
import { stepNameOnBlur } from "./sequence-draft.ts";
import { StepBodyEditor } from "./step-body-editor.tsx";
import type { SequenceForm } from "./use-sequence-form.ts";
import { useStepBodyEditor } from "./use-step-body-editor.ts";
import { insertVariable } from "./variable-insertion.ts";
import { VariableMenu } from "./variable-menu.tsx";

interface StepPanelProps {
  form: SequenceForm;
  index: number;
  workspaceId: string;
  credentials: readonly CredentialRow[];
}

/** One step tab: its name, delay, sender, workday, signature, subject and body. */
export function StepPanel({ form, index, workspaceId, credentials }: StepPanelProps) {
  const step = form.draft.steps[index];
  const readOnly = form.mode === "view";
  const at = (field: string) => `steps.${index}.${field}`;
  const subject = useRef<HTMLInputElement>(null);
  // Spec §5: a variable goes to the field focused last, the subject or the body.
  const focused = useRef<"subject" | "body">("body");
  const editor = useStepBodyEditor({
    content: step?.template_body ?? "",
    editable: !readOnly,
    onChange: (html) => form.setStep(index, (current) => ({ ...current, template_body: html })),
    onFocus: () => {
      focused.current = "body";
    },
    onBlur: () => form.touch(at("template_body")),
  });
  if (!step) return null;
  const update = (change: Partial<typeof step>) => form.setStep(index, (current) => ({ ...current, ...change }));
  const insert = (name: string) => {
    const input = subject.current;
    if (focused.current === "body" || !input) {
      editor?.chain().focus().insertContent(placeholderOf(name)).run();
      return;
    }
    const inserted = insertVariable(step.template_subject, name, input.selectionStart, input.selectionEnd);
    update({ template_subject: inserted.text });
    requestAnimationFrame(() => {
      input.focus();
      input.setSelectionRange(inserted.cursor, inserted.cursor);
    });
  };
  return (
    <Stack gap="sm">
      <Group grow align="flex-start">
        <TextInput
          label="Step name"
          readOnly={readOnly}
          maxLength={STEP_TEXT_MAX}
          value={step.name}
          onChange={(event) => update({ name: event.currentTarget.value })}
          onBlur={() => form.mode !== "view" && update({ name: stepNameOnBlur(step, form.mode) })}
        />
        <DelayInput minutes={step.delay} readOnly={readOnly} onChange={(delay) => update({ delay })} />
      </Group>
      <CredentialFields
        workspaceId={workspaceId}
        step={step}
        credentials={credentials}
        readOnly={readOnly}
        required={form.fieldsRequired}
        errors={{ credential: form.shown[at("provider_id")], from: form.shown[at("from")] }}
        onChange={(next) => form.setStep(index, () => next)}
        onBlur={(field) => form.touch(at(field))}
      />
      <Group grow align="flex-start">
        <Select
          label="Workday start"
          readOnly={readOnly}
          data={workdayStartOptions(step.workday_end)}
          value={step.workday_start}
          onChange={(value) => value && update({ workday_start: value })}
        />
        <Select
          label="Workday end"
          readOnly={readOnly}
          data={workdayEndOptions(step.workday_start)}
          value={step.workday_end}
          onChange={(value) => value && update({ workday_end: value })}
        />
        <Checkbox
          mt="xl"
          label="Signature"
          disabled={readOnly}
          checked={step.has_provider_signature}
          onChange={(event) => update({ has_provider_signature: event.currentTarget.checked })}
        />
      </Group>
      <Group align="flex-end" wrap="nowrap">
        <TextInput
          ref={subject}
          style={{ flex: 1 }}
          label="Subject"
          withAsterisk
          readOnly={readOnly}
          maxLength={STEP_TEXT_MAX}
          value={step.template_subject}
          error={form.shown[at("template_subject")]}
          onChange={(event) => update({ template_subject: event.currentTarget.value })}
          onFocus={() => {
            focused.current = "subject";
          }}
          onBlur={() => form.touch(at("template_subject"))}
        />
        {!readOnly && <VariableMenu customs={form.draft.customs.map((custom) => custom.name)} onInsert={insert} />}
      </Group>
      <StepBodyEditor editor={editor} error={form.shown[at("template_body")]} readOnly={readOnly} />
    </Stack>
  );
}
