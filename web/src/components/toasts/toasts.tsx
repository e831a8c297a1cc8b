import { useNotifications } from "@mantine/notifications";
import { lazy, Suspense, useState } from "react";

// Most first loads show no toast: the container (with its transitions and swipe to dismiss) loads
// with the first toast, which the store keeps until it shows, and stays from then on.
const ToastContainer = lazy(() => import("./toast-container.tsx").then((m) => ({ default: m.ToastContainer })));

export function Toasts() {
  const { notifications, queue } = useNotifications();
  const [wanted, setWanted] = useState(false);
  const any = notifications.length + queue.length > 0;
  if (any && !wanted) setWanted(true);
  if (!wanted && !any) return null;
  return (
    <Suspense fallback={null}>
      <ToastContainer />
    </Suspense>
  );
}
