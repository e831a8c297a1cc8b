// Putting selected people into a project from the people lists: Assign and Export People.
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import { candidaciesById } from "../../replica/candidacy-store.ts";
import type { Command } from "../../replica/outbox.ts";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import { type AssignTarget, assignPeople, exportPeopleToProject } from "./candidacy-commands.ts";
import type { AssignableProject } from "./project-workflow.ts";

/** The candidacies the replica already holds for these people in the project. */
export async function existingCandidacies(
  db: ReplicaDb,
  projectId: string,
  personIds: readonly string[],
): Promise<Set<string>> {
  const rows = await candidaciesById(
    db,
    personIds.map((personId) => candidacyIdOf(projectId, personId)),
  );
  return new Set(rows.flatMap((row) => (row ? [row.id] : [])));
}

export type AssignmentKind = "assign" | "export";

/** Queues the commands that put the people not yet in the chosen project into its first stage. */
export async function queueAssignment(
  runtime: { db: ReplicaDb; mutate: (command: Command) => Promise<string> },
  kind: AssignmentKind,
  chosen: AssignableProject,
  personIds: readonly string[],
  now: Date,
): Promise<void> {
  const target: AssignTarget = {
    workspaceId: chosen.project.workspace_id,
    projectId: chosen.project.id,
    firstStage: chosen.firstStage,
  };
  const existing = await existingCandidacies(runtime.db, target.projectId, personIds);
  const build = kind === "assign" ? assignPeople : exportPeopleToProject;
  for (const command of build(target, personIds, existing, now)) await runtime.mutate(command);
}
