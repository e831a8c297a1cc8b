// Where people are in the pipeline, read from the replica: each person's candidacies, with the
// project each is in. The replica holds a project's rows (the project and its candidacies, in one
// scope) exactly when the user may read the project, so what this finds is what the user may see.
import type { CandidacyRow } from "@hirestream/contracts/candidacies/rows.ts";
import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { candidaciesOfPeople, candidacyTables } from "../../replica/candidacy-store.ts";
import type { ReplicaDb, Stored } from "../../replica/replica-db.ts";

export interface PersonProject {
  /** The stage the person is in (`status`, its name) and their response. */
  candidacy: Stored<CandidacyRow>;
  /** Undefined while the project's own row has not reached this replica. */
  project: Stored<ProjectRow> | undefined;
}

// Natural order, so that Case2 comes before Case10.
const collator = new Intl.Collator("en", { sensitivity: "base", numeric: true });

function compareEntries(a: PersonProject, b: PersonProject): number {
  const byName = collator.compare(a.project?.name ?? "", b.project?.name ?? "");
  return byName !== 0 ? byName : a.candidacy.project_id < b.candidacy.project_id ? -1 : 1;
}

/**
 * Each person's projects, by project name; a person in none has an empty list. Read in one
 * transaction, so a candidacy and its project are seen as of the same sync write.
 */
export function projectsOf(
  db: ReplicaDb,
  personIds: readonly string[],
): Promise<ReadonlyMap<string, readonly PersonProject[]>> {
  return db.transaction("r", [...candidacyTables(db), db.projects], async () => {
    const candidacies = await candidaciesOfPeople(db, personIds);
    const projectIds = [...new Set(candidacies.map((candidacy) => candidacy.project_id))];
    const projects = new Map<string, Stored<ProjectRow>>();
    for (const project of await db.projects.bulkGet(projectIds)) if (project) projects.set(project.id, project);
    const byPerson = new Map<string, PersonProject[]>(personIds.map((id) => [id, []]));
    for (const candidacy of candidacies) {
      byPerson.get(candidacy.person_id)?.push({ candidacy, project: projects.get(candidacy.project_id) });
    }
    for (const entries of byPerson.values()) entries.sort(compareEntries);
    return byPerson;
  });
}
