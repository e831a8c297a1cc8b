import { useState } from "react";
import { screen } from "../../lazy-screen.ts";
import type { ConfirmDialogProps } from "./confirm-dialog-view.tsx";
import { ModalSuspense } from "./modal-suspense.tsx";

export type { ConfirmDialogProps } from "./confirm-dialog-view.tsx";

// Most screens offer a confirmation that is never asked for: the modal's code loads when the first
// one opens, and the dialog then stays mounted so that it closes (and gives focus back) as it opened.
const ConfirmDialogView = screen(() => import("./confirm-dialog-view.tsx").then((m) => m.ConfirmDialogView));

/** A question before something that cannot be undone; Cancel is the safe default. */
export function ConfirmDialog(props: ConfirmDialogProps) {
  const [wanted, setWanted] = useState(false);
  if (props.opened && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <ModalSuspense>
      <ConfirmDialogView {...props} />
    </ModalSuspense>
  );
}
