import { Suspense } from "react";
import { screen } from "../../lazy-screen.ts";
import { showSuccessToast } from "../../notifications/toasts.ts";
import { useReplica } from "../../replica/replica-provider.tsx";
import { ConfirmDialog } from "../dialogs/confirm-dialog.tsx";
import { removeProject, updateProject } from "./project-commands.ts";
import type { ProjectAction } from "./project-menu-actions.ts";
import type { ProjectListItem } from "./use-projects.ts";

// Its form (with the template sequence's time zones) loads when a project modal first opens, not with the list.
const EditProjectModal = screen(() => import("./edit-project-modal.tsx").then((m) => m.EditProjectModal));

/** Spec §2 and §8, word for word. */
export const projectTexts = {
  removeTitle: "Remove Project",
  removeMessage: "Once deleted it cannot be recovered",
  removed: "Project deleted.",
  archiveTitle: "Archive Project",
  archiveMessage: "You'll not be able to edit or modify anything inside this project after you archive it.",
} as const;

export type ProjectDialog =
  | { kind: "create"; workspaces: readonly { id: string; name: string }[] }
  | { kind: ProjectAction; project: ProjectListItem }
  | null;

/** The project modals of a screen: New/Edit/Show Project and the Remove and Archive confirmations. */
export function ProjectDialogs({
  dialog,
  userId,
  onClose,
  onRemoved,
}: {
  dialog: ProjectDialog;
  userId: string;
  onClose: () => void;
  /** After a removal, for a screen that showed the project. */
  onRemoved?: () => void;
}) {
  const runtime = useReplica();
  const target = dialog && dialog.kind !== "create" ? dialog.project : undefined;
  return (
    <>
      <Suspense fallback={null}>
        {dialog?.kind === "create" && (
          <EditProjectModal mode="create" workspaces={dialog.workspaces} userId={userId} onClose={onClose} />
        )}
        {(dialog?.kind === "edit" || dialog?.kind === "show") && (
          <EditProjectModal mode={dialog.kind} project={dialog.project} userId={userId} onClose={onClose} />
        )}
      </Suspense>
      <ConfirmDialog
        opened={dialog?.kind === "remove"}
        title={projectTexts.removeTitle}
        message={projectTexts.removeMessage}
        confirmLabel="Remove"
        onConfirm={() => {
          onClose();
          if (dialog?.kind !== "remove" || !target) return;
          void runtime.mutate(removeProject(target));
          showSuccessToast(projectTexts.removed);
          onRemoved?.();
        }}
        onCancel={onClose}
      />
      <ConfirmDialog
        opened={dialog?.kind === "archive"}
        title={projectTexts.archiveTitle}
        message={projectTexts.archiveMessage}
        confirmLabel="Archive"
        onConfirm={() => {
          onClose();
          if (dialog?.kind === "archive" && target)
            void runtime.mutate(updateProject(target, { status: "Archived" }, new Date()));
        }}
        onCancel={onClose}
      />
    </>
  );
}
