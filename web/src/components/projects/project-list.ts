// Which projects a list shows, on which tab, in which order: the server's list
// (services/api/src/projects/project-queries.ts) worked out over the replica's rows. Which projects
// the user may see at all is settled before: the replica holds no others (use-projects.ts).
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";

export type ProjectTab = "current" | "archived";
export const projectTabs: readonly { value: ProjectTab; label: string }[] = [
  { value: "current", label: "Current" },
  { value: "archived", label: "Archived" },
];

type Listed = Pick<ProjectRow, "id" | "name" | "description" | "status" | "created_at">;

/** Current is every project not archived (Active and Inactive); Archived the rest. */
export function tabOf(project: Pick<ProjectRow, "status">): ProjectTab {
  return project.status === "Archived" ? "archived" : "current";
}

/** Like the server's `search_by`: the text, ignoring case, anywhere in the name or description. */
export function matchesSearch(project: Pick<ProjectRow, "name" | "description">, searchBy: string): boolean {
  const needle = searchBy.trim().toLowerCase();
  if (needle === "") return true;
  return project.name.toLowerCase().includes(needle) || (project.description ?? "").toLowerCase().includes(needle);
}

/** Newest first, then by id so that the order holds between renders. */
export function compareProjects(a: Listed, b: Listed): number {
  if (a.created_at !== b.created_at) return a.created_at < b.created_at ? 1 : -1;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

/** The rows one tab of the list shows for one user and search, in list order. */
export function projectsOnTab<P extends Listed>(
  projects: readonly P[],
  options: { tab: ProjectTab; searchBy: string },
): P[] {
  return projects
    .filter((project) => tabOf(project) === options.tab && matchesSearch(project, options.searchBy))
    .sort(compareProjects);
}

/** How many projects each tab holds, before any search. */
export function tabCounts(projects: readonly Listed[]): Record<ProjectTab, number> {
  const counts: Record<ProjectTab, number> = { current: 0, archived: 0 };
  for (const project of projects) counts[tabOf(project)] += 1;
  return counts;
}
