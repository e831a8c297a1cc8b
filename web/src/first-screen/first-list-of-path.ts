/** The list a signed-in load's first screen opens on, read before that screen renders (early-read.ts). */
export type FirstList =
  | { kind: "pool" }
  | { kind: "workspace-people"; workspaceId: string }
  | { kind: "board"; workspaceId: string; projectId: string };

/** The list screens' paths, as the route table has them (routes.tsx); null for any other screen. */
export function firstListOfPath(path: string): FirstList | null {
  if (path === "/talent_pool") return { kind: "pool" };
  const people = /^\/workspaces\/([^/]+)\/people$/.exec(path);
  if (people?.[1]) return { kind: "workspace-people", workspaceId: people[1] };
  const project = /^\/workspaces\/([^/]+)\/projects?\/([^/]+)$/.exec(path);
  if (project?.[1] && project[2]) return { kind: "board", workspaceId: project[1], projectId: project[2] };
  return null;
}
