import { useLiveQuery } from "dexie-react-hooks";
import { useReplica } from "../../replica/replica-provider.tsx";
import { type PersonProject, projectsOf } from "./person-projects.ts";

/**
 * The projects of these people, live from the replica: a move or a new response elsewhere shows at
 * once. Undefined while the first read is under way.
 */
export function usePeopleProjects(
  personIds: readonly string[],
): ReadonlyMap<string, readonly PersonProject[]> | undefined {
  const { db } = useReplica();
  // By content: callers pass a fresh array on every render, with mostly the same ids.
  const key = personIds.join(",");
  return useLiveQuery(() => projectsOf(db, key === "" ? [] : key.split(",")), [db, key]);
}
