import { notifications } from "@mantine/notifications";

/**
 * One red toast per message (top-right, closing after 9000 ms as set on <Notifications>). Answers
 * their ids, for a caller whose later success makes them wrong (see `hideToasts`).
 */
export function showErrorToasts(messages: readonly string[]): string[] {
  return messages.map((message) => notifications.show({ color: "red", title: "Error", message }));
}

export function hideToasts(ids: readonly string[]): void {
  for (const id of ids) notifications.hide(id);
}

export function showSuccessToast(message: string): void {
  notifications.show({ color: "teal", message });
}
