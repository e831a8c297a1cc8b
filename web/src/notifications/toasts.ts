import { notifications } from "@mantine/notifications";

/** One red toast per message (top-right, closing after 9000 ms as set on <Notifications>). */
export function showErrorToasts(messages: readonly string[]): void {
  for (const message of messages) notifications.show({ color: "red", title: "Error", message });
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: "teal", message });
}
