import { Notifications } from "@mantine/notifications";
import { TOAST_AUTO_CLOSE_MS } from "../../constants.ts";

/** Where toasts show: top right, each closing by itself after a while. */
export function ToastContainer() {
  return <Notifications position="top-right" autoClose={TOAST_AUTO_CLOSE_MS} />;
}
