import { messages } from "@hirestream/contracts/messages.ts";
import { PROJECT_DESCRIPTION_MAX, PROJECT_NAME_MAX } from "@hirestream/contracts/projects/commands.ts";
import { projectPriorities, projectStatuses, projectSwitchStatuses } from "@hirestream/contracts/projects/events.ts";
import { WORKFLOW_NAME_MAX } from "@hirestream/contracts/workflows/commands.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";
import {
  Anchor,
  Autocomplete,
  Button,
  Checkbox,
  Group,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Textarea,
  TextInput,
} from "@mantine/core";
import { useForm } from "@mantine/form";
import { useState } from "react";
import { Link } from "wouter";
import { newId } from "../../ids/new-id.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { tabValue } from "../sequences/sequence-tabs.ts";
import { updateProject } from "./project-commands.ts";
import { assignWorkflow, createProject } from "./project-creation.ts";
import {
  descriptionCounter,
  emptyProjectForm,
  type ProjectFormValues,
  projectChangesOf,
  projectFieldsOf,
  projectFormValues,
  validateProjectForm,
} from "./project-form.ts";
import { PROJECT_TAB, TemplateSequenceTabs } from "./template-sequence-tabs.tsx";
import { useWorkflow, useWorkflowTemplates } from "./use-project-workflow.ts";
import type { ProjectListItem } from "./use-projects.ts";
import { useTemplateSequence } from "./use-template-sequence.ts";
import { NEW_WORKFLOW_STAGES, templateFromTitle, templateTitles, workflowChoiceOf } from "./workflow-choice.ts";

export type EditProjectModalProps = { userId: string; onClose: () => void } & (
  | {
      mode: "create";
      /** Where the project may go: one workspace, or (from the `me` list) a choice among several. */
      workspaces: readonly { id: string; name: string }[];
    }
  | { mode: "edit" | "show"; project: ProjectListItem }
);

const titles = { create: "New Project", edit: "Edit Project", show: "Show Project" } as const;

/** "Project {name} created correctly." (spec §8). */
export const createdMessage = (name: string) => `Project ${name} created correctly.`;

/**
 * Edit Project (creating and editing) and Show Project (the same form, read-only, with Cancel).
 * Mount it to open it. Writes go through the outbox, so the change shows at once.
 */
export function EditProjectModal(props: EditProjectModalProps) {
  const runtime = useReplica();
  const { mode, userId, onClose } = props;
  const project = props.mode === "create" ? undefined : props.project;
  const choices = props.mode === "create" ? props.workspaces : [];
  const [workspaceId, setWorkspaceId] = useState<string | null>(choices.length === 1 ? (choices[0]?.id ?? null) : null);
  const [workspaceError, setWorkspaceError] = useState<string | null>(null);
  const targetWorkspace = project?.workspace_id ?? workspaceId ?? undefined;
  const templates = useWorkflowTemplates(targetWorkspace) ?? [];
  const currentWorkflow = useWorkflow(project?.workflow_id);
  const readOnly = mode === "show";
  const hasWorkflow = project !== undefined && project.workflow_id !== null;

  const form = useForm<ProjectFormValues>({
    initialValues: project ? projectFormValues(project) : emptyProjectForm,
    validate: (values) => (readOnly ? {} : validateProjectForm(values, mode === "create" ? "create" : "edit")),
  });

  const templateOf = (id: string): WorkflowRow | undefined => templates.find((template) => template.id === id);
  const chosen =
    mode === "create" && !form.values.workflowLater ? workflowChoiceOf(form.values.workflow, templates) : null;
  const templateSequence = useTemplateSequence(
    targetWorkspace,
    chosen?.kind === "template" ? chosen.template : undefined,
  );
  const [tab, setTab] = useState(PROJECT_TAB);
  const showTab = (next: string) => {
    setTab(next);
    if (next !== PROJECT_TAB) templateSequence.form.goToValue(next);
  };

  const submit = (values: ProjectFormValues) => {
    if (readOnly) return;
    const fields = projectFieldsOf(values);
    const now = new Date();
    if (!project) {
      if (!workspaceId) return setWorkspaceError(messages.required);
      const choice = values.workflowLater ? ({ kind: "none" } as const) : workflowChoiceOf(values.workflow, templates);
      let template = choice.kind === "template" ? choice.template : undefined;
      const sequence = templateSequence.choice(newId);
      if ("invalid" in sequence) return showTab(tabValue(sequence.invalid));
      if (choice.kind === "new") {
        const made = templateFromTitle({
          name: choice.name,
          workspaceId,
          userId,
          now,
          newId: newId,
        });
        // Sent first: the outbox keeps the order, so the project names a template the server has.
        void runtime.mutate(made.command);
        template = made.template;
      }
      try {
        const id = newId();
        void runtime.mutate(createProject({ id, workspaceId, fields, template, userId, now, sequence: sequence.use }));
      } catch (error) {
        return void showErrorToasts([error instanceof Error ? error.message : String(error)]);
      }
      showSuccessToast(createdMessage(fields.name));
      return onClose();
    }
    const changes = projectChangesOf(project, values);
    if (Object.keys(changes).length > 0) void runtime.mutate(updateProject(project, changes, now));
    const template = hasWorkflow ? undefined : templateOf(values.workflow);
    if (template) {
      // After the update, so that the copy lands on the project as the update left it.
      void runtime.mutate(
        assignWorkflow({ ...project, ...changes, updated_at: now.toISOString() }, template, userId, now),
      );
    }
    onClose();
  };

  const workflowData = hasWorkflow
    ? [{ value: project.workflow_id ?? "", label: currentWorkflow?.name ?? "Assigned workflow" }]
    : templates.map((template) => ({ value: template.id, label: template.name }));
  const noTemplates = !hasWorkflow && !readOnly && targetWorkspace !== undefined && templates.length === 0;
  const unchanged =
    project !== undefined &&
    Object.keys(validateProjectForm(form.values, "edit")).length === 0 &&
    Object.keys(projectChangesOf(project, form.values)).length === 0 &&
    (hasWorkflow || form.values.workflow === "");

  const fields = (
    <Stack gap="md">
      {props.mode === "create" && choices.length > 1 && (
        <Select
          label="Workspace"
          placeholder="Choose the workspace"
          withAsterisk
          data={choices.map((choice) => ({ value: choice.id, label: choice.name }))}
          value={workspaceId}
          onChange={(value) => {
            setWorkspaceId(value);
            setWorkspaceError(null);
            form.setFieldValue("workflow", "");
          }}
          error={workspaceError}
          allowDeselect={false}
        />
      )}
      <TextInput
        label="Title"
        withAsterisk={!readOnly}
        readOnly={readOnly}
        maxLength={PROJECT_NAME_MAX}
        data-autofocus
        {...form.getInputProps("title")}
      />
      <Textarea
        label="Description"
        description={readOnly ? undefined : descriptionCounter(form.values.description)}
        inputWrapperOrder={["label", "input", "description", "error"]}
        readOnly={readOnly}
        maxLength={PROJECT_DESCRIPTION_MAX}
        autosize
        minRows={2}
        {...form.getInputProps("description")}
      />
      <SimpleGrid cols={2}>
        <Select
          label="Priority"
          placeholder="Choose a priority"
          withAsterisk={!readOnly}
          readOnly={readOnly}
          data={[...projectPriorities]}
          allowDeselect={false}
          {...form.getInputProps("priority")}
        />
        {readOnly && project ? (
          <Select label="Status" readOnly data={[...projectStatuses]} value={project.status} />
        ) : (
          <Select
            label="Status"
            placeholder="Choose a status"
            withAsterisk
            data={[...projectSwitchStatuses]}
            allowDeselect={false}
            {...form.getInputProps("status")}
          />
        )}
      </SimpleGrid>
      {mode === "create" ? (
        <>
          <Autocomplete
            label="Workflow"
            placeholder="Choose a workflow or type a new title"
            withAsterisk={!form.values.workflowLater}
            disabled={form.values.workflowLater}
            maxLength={WORKFLOW_NAME_MAX}
            data={templateTitles(templates)}
            description={newWorkflowNote(form.values.workflow, templates)}
            {...form.getInputProps("workflow")}
          />
          <Checkbox label="Choose the workflow later" {...form.getInputProps("workflowLater", { type: "checkbox" })} />
        </>
      ) : (
        <Select
          label="Workflow"
          placeholder={hasWorkflow || readOnly ? "No workflow" : "Choose a workflow"}
          readOnly={readOnly}
          disabled={hasWorkflow && !readOnly}
          data={workflowData}
          allowDeselect={false}
          description={
            hasWorkflow && !readOnly
              ? "A project's workflow cannot be changed once assigned."
              : noTemplates
                ? "This workspace has no workflows yet."
                : undefined
          }
          {...form.getInputProps("workflow")}
        />
      )}
      {mode !== "create" && noTemplates && targetWorkspace && (
        <Anchor component={Link} href={`/workspaces/${targetWorkspace}/workflows`} size="sm">
          Create a workflow
        </Anchor>
      )}
      <SimpleGrid cols={2}>
        <TextInput type="date" label="Start date" readOnly={readOnly} {...form.getInputProps("startDate")} />
        <TextInput
          type="date"
          label="Deadline"
          readOnly={readOnly}
          min={form.values.startDate || undefined}
          {...form.getInputProps("deadline")}
        />
      </SimpleGrid>
      <Switch label="Visible" disabled={readOnly} {...form.getInputProps("visible", { type: "checkbox" })} />
    </Stack>
  );

  return (
    <Modal opened onClose={onClose} title={titles[mode]} size="lg" centered>
      <form onSubmit={form.onSubmit(submit, () => showTab(PROJECT_TAB))} noValidate>
        <Stack gap="md">
          {mode === "create" ? (
            <TemplateSequenceTabs
              workspaceId={targetWorkspace}
              templateSequence={templateSequence}
              value={tab}
              onChange={showTab}
              infoInError={Object.keys(form.errors).length > 0 || workspaceError !== null}
            >
              {fields}
            </TemplateSequenceTabs>
          ) : (
            fields
          )}
          <Group justify="flex-end">
            {templateSequence.sequence && (
              <>
                <Button
                  variant={templateSequence.chosen === "edit" ? "filled" : "light"}
                  onClick={() => {
                    // Spec §4: Edit Template Sequence validates first, then opens the sequence's tabs.
                    if (form.validate().hasErrors) return showTab(PROJECT_TAB);
                    templateSequence.edit();
                    setTab("info");
                  }}
                >
                  Edit Template Sequence
                </Button>
                <Button
                  variant={templateSequence.chosen === "use" ? "filled" : "light"}
                  onClick={() => {
                    templateSequence.use();
                    setTab(PROJECT_TAB);
                  }}
                >
                  Use Template Sequence
                </Button>
              </>
            )}
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            {mode === "create" && <Button type="submit">Create</Button>}
            {mode === "edit" && (
              <Button type="submit" disabled={unchanged}>
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}

/** Under the field, what a title not in the list will do. */
function newWorkflowNote(typed: string, templates: readonly { name: string }[]): string | undefined {
  const choice = workflowChoiceOf(typed, templates);
  if (choice.kind !== "new") return undefined;
  return `A new workflow ${choice.name} is created, with the stages ${NEW_WORKFLOW_STAGES.join(", ")}.`;
}
