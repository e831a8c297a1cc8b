import type { MyWorkspace } from "../../hooks/use-workspaces.ts";

/** The workspace dropdown's options: owned workspaces, then guest ones (spec §2, Talent pool). */
export function workspaceOptions(workspaces: readonly Pick<MyWorkspace, "id" | "name" | "owned">[]) {
  const items = (owned: boolean) =>
    workspaces
      .filter((workspace) => workspace.owned === owned)
      .map((workspace) => ({ value: workspace.id, label: workspace.name }));
  const owned = items(true);
  const guest = items(false);
  return [
    ...(owned.length > 0 ? [{ group: "Owned", items: owned }] : []),
    ...(guest.length > 0 ? [{ group: "Guest", items: guest }] : []),
  ];
}
