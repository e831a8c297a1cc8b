import { Suspense } from "react";
import { useSnapshot } from "valtio";
import { screen } from "../../lazy-screen.ts";
import { storageNotices } from "../../replica/storage/storage-notice-state.ts";

// Most loads never show a notice: its code (and its Mantine parts) loads when there is one.
const StorageNoticeView = screen(() => import("./storage-notice-view.tsx").then((m) => m.StorageNoticeView));

/** The storage notice, once the browser has taken the offline copy's space or refused a change. */
export function StorageNotice({ onRetry }: { onRetry: () => void }) {
  const { notice, changeNotSaved } = useSnapshot(storageNotices);
  if (!notice && !changeNotSaved) return null;
  return (
    <Suspense fallback={null}>
      <StorageNoticeView onRetry={onRetry} />
    </Suspense>
  );
}
