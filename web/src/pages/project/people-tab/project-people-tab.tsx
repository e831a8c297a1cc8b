import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import type { WorkflowRow } from "@hirestream/contracts/workflows/rows.ts";

/** The project's pipeline: its candidates by stage. */
export function ProjectPeopleTab(_props: { project: ProjectRow; workflow: WorkflowRow | undefined }) {
  return null;
}
