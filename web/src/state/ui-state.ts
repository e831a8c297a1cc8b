// UI state that outlives a screen: the sidebar and the open workspace submenu (spec §4).
import { proxy, subscribe } from "valtio";

const SIDEBAR_KEY = "sidebar_expanded";

export interface UiState {
  sidebarExpanded: boolean;
  /** The one workspace whose submenu is open in the left navigation. */
  openWorkspaceId: string | null;
  /** Pending writes counted when the user asked to sign out; null when no warning is showing. */
  signOutWarning: number | null;
}

function storedSidebar(): boolean {
  try {
    return window.localStorage.getItem(SIDEBAR_KEY) !== "false";
  } catch {
    return true;
  }
}

export const ui = proxy<UiState>({ sidebarExpanded: storedSidebar(), openWorkspaceId: null, signOutWarning: null });

// Remembered across reloads, like the user's other choices of layout.
subscribe(ui, () => {
  try {
    window.localStorage.setItem(SIDEBAR_KEY, String(ui.sidebarExpanded));
  } catch {
    // Not remembered then; nothing else depends on it.
  }
});

export function toggleSidebar(): void {
  ui.sidebarExpanded = !ui.sidebarExpanded;
}

/** Opening one workspace's submenu closes the other; opening the open one closes it. */
export function toggleWorkspaceMenu(workspaceId: string): void {
  ui.openWorkspaceId = ui.openWorkspaceId === workspaceId ? null : workspaceId;
}

/** Opens this workspace's submenu (closing any other), as choosing one of its pages does. */
export function openWorkspaceMenu(workspaceId: string): void {
  ui.openWorkspaceId = workspaceId;
}
