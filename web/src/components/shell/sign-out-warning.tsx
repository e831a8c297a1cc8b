import { useSnapshot } from "valtio";
import { signOut } from "../../state/auth-state.ts";
import { ui } from "../../state/ui-state.ts";
import { ConfirmDialog } from "../dialogs/confirm-dialog.tsx";

/** Asked before a sign-out would delete changes the server has not received yet. */
export function SignOutWarning() {
  const { signOutWarning } = useSnapshot(ui);
  const count = signOutWarning ?? 0;
  return (
    <ConfirmDialog
      opened={signOutWarning !== null}
      title="Changes not saved yet"
      message={`${count === 1 ? "1 change has" : `${count} changes have`} not reached the server yet. Signing out deletes this browser's copy of your data, and those changes with it.`}
      confirmLabel="Sign out anyway"
      onConfirm={() => void signOut()}
      onCancel={() => {
        ui.signOutWarning = null;
      }}
    />
  );
}
