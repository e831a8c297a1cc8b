import { API_BASE } from "../api/api-base.ts";

/** The sync socket's address on the page's own origin: ws(s)://…/api/v1/sync. */
export function syncUrl(): string {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  return `${scheme}://${window.location.host}${API_BASE}/sync`;
}
