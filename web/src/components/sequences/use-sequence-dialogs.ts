import type { SequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { useState } from "react";

export type SequenceFormMode = "create" | "edit" | "view";

/** Which of the Sequences screen's dialogs is open, and for which sequence. */
export type SequenceDialog =
  | { kind: "form"; mode: "create" }
  | { kind: "form"; mode: "edit" | "view"; sequence: SequenceRow }
  | { kind: "remove"; sequence: SequenceRow }
  | { kind: "test"; sequence: SequenceRow }
  | null;

/** New, Edit and the read-only view share one modal: these are its props but the workspace's id. */
export interface SequenceFormProps {
  mode: SequenceFormMode;
  sequence?: SequenceRow;
  opened: boolean;
  onClose: () => void;
}

/** The form modal's props for the dialog open: shut unless it is the form, with the sequence unless creating. */
export function sequenceFormProps(dialog: SequenceDialog, onClose: () => void): SequenceFormProps {
  if (dialog?.kind !== "form") return { mode: "create", opened: false, onClose };
  if (dialog.mode === "create") return { mode: "create", opened: true, onClose };
  return { mode: dialog.mode, sequence: dialog.sequence, opened: true, onClose };
}

export function useSequenceDialogs() {
  const [dialog, setDialog] = useState<SequenceDialog>(null);
  const close = () => setDialog(null);
  return {
    dialog,
    close,
    /** Spread into the sequence form modal. */
    form: sequenceFormProps(dialog, close),
    openCreate: () => setDialog({ kind: "form", mode: "create" }),
    openView: (sequence: SequenceRow) => setDialog({ kind: "form", mode: "view", sequence }),
    openEdit: (sequence: SequenceRow) => setDialog({ kind: "form", mode: "edit", sequence }),
    openRemove: (sequence: SequenceRow) => setDialog({ kind: "remove", sequence }),
    openTest: (sequence: SequenceRow) => setDialog({ kind: "test", sequence }),
  };
}
