// The project page's own rows (the project with the user's roles, and its workflow), read beside
// the board's first page on a load that opens a project (first-board-page.ts): the page shows
// nothing of the project, its board's rows included, until they are in, and its own read begins
// only once its first render is committed (some 100–150 ms of a fresh profile's load).
import type { ProjectWithWorkflow } from "../components/projects/use-projects.ts";
import { EarlyRead } from "./early-read.ts";

export const earlyProject = new EarlyRead<ProjectWithWorkflow | null>();

/** Names the project's read for the user signed in as `uid`, as the page's own read (useProjectWithWorkflow) asks for it. */
export const projectReadKey = (projectId: string, uid: string | undefined) => `${projectId} ${uid ?? ""}`;
