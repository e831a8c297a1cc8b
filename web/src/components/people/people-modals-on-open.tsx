// The people modals' code (CSV parsing, the profile form) loads when one first opens, not with the
// list screens that offer them.
import type { ComponentProps } from "react";
import { screen } from "../../lazy-screen.ts";
import { ModalSuspense } from "../dialogs/modal-suspense.tsx";
import type * as EditModule from "./edit-person-modal.tsx";
import type * as ImportModule from "./import-people-modal.tsx";

const LoadedImportPeopleModal = screen(() => import("./import-people-modal.tsx").then((m) => m.ImportPeopleModal));
const LoadedEditPersonModal = screen(() => import("./edit-person-modal.tsx").then((m) => m.EditPersonModal));

export function ImportPeopleModal(props: ComponentProps<typeof ImportModule.ImportPeopleModal>) {
  return (
    <ModalSuspense>
      <LoadedImportPeopleModal {...props} />
    </ModalSuspense>
  );
}

export function EditPersonModal(props: ComponentProps<typeof EditModule.EditPersonModal>) {
  return (
    <ModalSuspense>
      <LoadedEditPersonModal {...props} />
    </ModalSuspense>
  );
}
