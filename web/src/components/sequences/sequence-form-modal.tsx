import type { CredentialRow } from "@hirestream/contracts/credentials/rows.ts";
import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { Modal, Stack } from "@mantine/core";
import { useLiveQuery } from "dexie-react-hooks";
import { useState } from "react";
import { messagesOf } from "../../api/api-errors.ts";
import { useCurrentUser } from "../../hooks/use-current-user.ts";
import { newId } from "../../ids/new-id.ts";
import { showErrorToasts, showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { createSequence, updateSequence } from "./sequence-commands.ts";
import { addStep, removeStep } from "./sequence-draft.ts";
import { SequenceFormActions } from "./sequence-form-actions.tsx";
import { firstTabWithErrors } from "./sequence-tabs.ts";
import { SequenceTabsView } from "./sequence-tabs-view.tsx";
import { hasTabErrors } from "./sequence-validation.ts";
import { useSequenceForm } from "./use-sequence-form.ts";

export interface SequenceFormModalProps {
  workspaceId: string;
  mode: "create" | "edit" | "view";
  sequence?: SequenceRow;
  opened: boolean;
  onClose: () => void;
}

/**
 * New Sequence, Edit Sequence and the read-only view (spec §2). Writes are queued in the replica's
 * outbox, so they work offline and the list shows them at once. Each opening starts afresh.
 */
export function SequenceFormModal({ workspaceId, mode, sequence, opened, onClose }: SequenceFormModalProps) {
  const { db } = useReplica();
  const credentials = useLiveQuery(
    () => db.credentials.where("workspace_id").equals(workspaceId).sortBy("name"),
    [db, workspaceId],
  );
  const title = mode === "create" ? "New Sequence" : (sequence?.name ?? "Sequence");
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" centered>
      {opened && credentials && (mode === "create" || sequence) && (
        <SequenceFormBody
          workspaceId={workspaceId}
          mode={mode}
          sequence={sequence}
          credentials={credentials}
          onClose={onClose}
        />
      )}
    </Modal>
  );
}

interface SequenceFormBodyProps {
  workspaceId: string;
  mode: "create" | "edit" | "view";
  sequence: SequenceRow | undefined;
  credentials: readonly CredentialRow[];
  onClose: () => void;
}

function SequenceFormBody({ workspaceId, mode, sequence, credentials, onClose }: SequenceFormBodyProps) {
  const runtime = useReplica();
  const user = useCurrentUser();
  const form = useSequenceForm(mode, sequence, credentials);
  const [saving, setSaving] = useState(false);

  const finish = () => {
    form.showAllErrors();
    const firstError = firstTabWithErrors(form.allTabErrors);
    if (firstError) form.goTo(firstError);
    else form.confirm();
  };
  const submit = async () => {
    form.showAllErrors();
    if (hasTabErrors(form.allTabErrors)) return;
    const now = new Date();
    const name = form.draft.name.trim();
    setSaving(true);
    try {
      if (mode === "edit" && sequence) {
        await runtime.mutate(updateSequence(sequence, form.draft, now));
        showSuccessToast("Sequence updated correctly");
      } else if (mode === "create") {
        // The signed-in user is known once the replica has synced; before that there is no author.
        if (!user) throw new Error("Your account is still loading; try again in a moment.");
        const id = newId();
        await runtime.mutate(createSequence({ id, workspaceId, userId: user.id, draft: form.draft, now }));
        showSuccessToast(`Sequence ${name} created correctly`);
        form.reset();
      }
      onClose();
    } catch (error) {
      showErrorToasts(messagesOf(error));
    } finally {
      setSaving(false);
    }
  };
  return (
    <Stack gap="md">
      <SequenceTabsView
        form={form}
        workspaceId={workspaceId}
        credentials={credentials}
        onRemoveStep={(index) => {
          form.set("steps", removeStep(form.draft.steps, index));
          form.goTo({ kind: "step", index: index - 1 });
        }}
      />
      <SequenceFormActions
        form={form}
        saving={saving}
        onCancel={onClose}
        onAddStep={() => {
          form.set("steps", addStep(form.draft.steps, newId()));
          form.goTo({ kind: "step", index: form.draft.steps.length });
        }}
        onFinish={finish}
        onSubmit={() => void submit()}
      />
    </Stack>
  );
}
