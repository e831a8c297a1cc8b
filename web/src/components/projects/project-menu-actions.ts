import type { ProjectAbilities } from "./project-permissions.ts";

export type ProjectAction = "show" | "edit" | "remove" | "archive";

/**
 * Current projects: Edit, Remove, Archive. Archived projects: Show, Remove (spec §2). Entries the
 * user's role does not allow are left out; one who may change nothing can still Show.
 */
export function projectMenuActions(archived: boolean, abilities: ProjectAbilities): ProjectAction[] {
  const actions: ProjectAction[] = [];
  if (archived || !abilities.edit) actions.push("show");
  if (!archived && abilities.edit) actions.push("edit");
  if (abilities.remove) actions.push("remove");
  if (!archived && abilities.edit) actions.push("archive");
  return actions;
}
