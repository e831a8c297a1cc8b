// Whether the app is in touch with the server, for the offline and pending indicator.
import { proxy } from "valtio";
import type { SyncStatus } from "../replica/sync-socket.ts";

export interface ConnectionState {
  /** The browser's own idea of the network; `sync` says whether the server answers. */
  online: boolean;
  sync: SyncStatus;
  /** The server's reason when it refused to sync with this page (sync `refused`). */
  refusal: string | null;
}

export const connection = proxy<ConnectionState>({
  online: typeof navigator === "undefined" ? true : navigator.onLine,
  sync: "offline",
  refusal: null,
});

/** Follows the browser's online and offline events; answers the function that stops. */
export function watchNetwork(): () => void {
  const update = () => {
    connection.online = navigator.onLine;
  };
  window.addEventListener("online", update);
  window.addEventListener("offline", update);
  update();
  return () => {
    window.removeEventListener("online", update);
    window.removeEventListener("offline", update);
  };
}
