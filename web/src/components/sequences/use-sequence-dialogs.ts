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

export function useSequenceDialogs() {
  const [dialog, setDialog] = useState<SequenceDialog>(null);
  const close = () => setDialog(null);
  const form: SequenceFormProps =
    dialog?.kind !== "form"
      ? { mode: "create", opened: false, onClose: close }
      : dialog.mode === "create"
        ? { mode: "create", opened: true, onClose: close }
        : { mode: dialog.mode, sequence: dialog.sequence, opened: true, onClose: close };
  return {
    dialog,
    close,
    /** Spread into the sequence form modal. */
    form,
    openCreate: () => setDialog({ kind: "form", mode: "create" }),
    openView: (sequence: SequenceRow) => setDialog({ kind: "form", mode: "view", sequence }),
    openEdit: (sequence: SequenceRow) => setDialog({ kind: "form", mode: "edit", sequence }),
    openRemove: (sequence: SequenceRow) => setDialog({ kind: "remove", sequence }),
    openTest: (sequence: SequenceRow) => setDialog({ kind: "test", sequence }),
  };
}
