import type { DuckDBConnection } from "@duckdb/node-api";
import type { FactMemory } from "@hirestream/domain/analytics/fact-memory.ts";

// What the files name things by, as the log stands at its end: the exported projects and the
// stages of their workflows in order, the workspace's sequences and their steps, its members.

const tables = `
create table projects (project_id varchar, name varchar);
create table stages (project_id varchar, stage_id varchar, name varchar, position integer);
create table sequences (sequence_id varchar, name varchar);
create table steps (sequence_id varchar, step integer, name varchar);
create table members (user_id varchar, name varchar, email varchar, role varchar);`;

export async function fillDimensions(
  connection: DuckDBConnection,
  memory: FactMemory,
  workspaceId: string,
  projectIds: ReadonlySet<string>,
): Promise<void> {
  await connection.run(tables);
  const projects = await connection.createAppender("projects");
  const stages = await connection.createAppender("stages");
  for (const projectId of projectIds) {
    const state = memory.projects.get(projectId);
    if (state?.status !== "existing") continue;
    projects.appendVarchar(projectId);
    projects.appendVarchar(state.project.name);
    projects.endRow();
    const workflow = state.project.workflowId ? memory.workflows.get(state.project.workflowId) : undefined;
    const ordered = [...(workflow?.stages ?? [])].sort((a, b) => a.position - b.position);
    for (const [index, stage] of ordered.entries()) {
      stages.appendVarchar(projectId);
      stages.appendVarchar(stage.id);
      stages.appendVarchar(stage.name);
      stages.appendInteger(index + 1);
      stages.endRow();
    }
  }
  projects.closeSync();
  stages.closeSync();

  const sequences = await connection.createAppender("sequences");
  const steps = await connection.createAppender("steps");
  for (const [sequenceId, sequence] of memory.sequences) {
    if (sequence.workspaceId !== workspaceId) continue;
    sequences.appendVarchar(sequenceId);
    sequences.appendVarchar(sequence.name);
    sequences.endRow();
    for (const [step, name] of sequence.steps) {
      steps.appendVarchar(sequenceId);
      steps.appendInteger(step);
      steps.appendVarchar(name);
      steps.endRow();
    }
  }
  sequences.closeSync();
  steps.closeSync();

  // Today's members, and anyone who did something here and has left since (no role).
  const workspace = memory.workspaces.get(workspaceId);
  const roles = workspace?.status === "active" ? workspace.members : new Map<string, string>();
  const actors = await connection.runAndReadAll("select distinct user_id from activity_facts");
  const userIds = new Set([...roles.keys(), ...actors.getRowsJS().map(([userId]) => String(userId))]);
  const members = await connection.createAppender("members");
  for (const userId of userIds) {
    const user = memory.users.get(userId);
    members.appendVarchar(userId);
    members.appendVarchar(user?.name ?? "");
    members.appendVarchar(user?.email ?? "");
    members.appendVarchar(roles.get(userId) ?? "");
    members.endRow();
  }
  members.closeSync();
}
