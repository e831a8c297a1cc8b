import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type PipelineFixtures,
  type PipelineProject,
  pipelineFixtures,
} from "../../candidacies/testing/pipeline-fixtures.ts";
import { countEvents, type SignedIn, startTestApp, type TestApp } from "../../testing/test-app.ts";
import { counts, expectError, type ImportFixtures, importFixtures } from "./testing/import-fixtures.ts";

let t: TestApp;
let f: PipelineFixtures;
let importCsv: ImportFixtures["importCsv"];
let imported: ImportFixtures["imported"];
beforeAll(async () => {
  t = await startTestApp();
  f = pipelineFixtures(t, "project-importer");
  ({ importCsv, imported } = importFixtures(t));
});
afterAll(async () => {
  await t.close();
});

const csvOf = (...rows: string[]) => ["first_name,last_name,email", ...rows].join("\n");
const intoProject = (project: PipelineProject, stageId?: string) => ({
  fields: { "data[project_id]": project.id, ...(stageId ? { "data[stage_id]": stageId } : {}) },
});

function stage(project: PipelineProject, index: number) {
  const found = project.stages[index];
  if (!found) throw new Error(`no stage ${index}`);
  return found;
}

/** The project's candidates as the pipeline lists them: person id → stage name. */
async function pipeline(user: SignedIn, project: PipelineProject, position: number) {
  const response = await f.read(user, `/projects/${project.id}/project_people?limit=50`, position);
  expect(response.statusCode).toBe(200);
  const rows = response.json<{ data: { attributes: { person_id: string; status: string } }[] }>().data;
  return Object.fromEntries(rows.map((row) => [row.attributes.person_id, row.attributes.status]));
}

async function projectWithWorkspace(owner: SignedIn) {
  const ws = await f.createWorkspace(owner);
  const project = await f.createProject(owner, ws);
  await t.readModels.waitFor(project.position, 5000);
  return { ws, project };
}

describe("POST /people/import_csv inside a project", () => {
  it("puts every person of the file in the chosen stage, new or known, and leaves a candidate where it is", async () => {
    const owner = await f.newUser();
    const { ws, project } = await projectWithWorkspace(owner);
    const pooled = await f.addPerson(owner, { first_name: "Pooled", email: "pooled@example.com" });
    const inWorkspace = await f.addPerson(owner, { first_name: "Listed", email: "listed@example.com" }, ws);
    const candidate = await f.addPerson(owner, { first_name: "Already", email: "already@example.com" }, ws);
    await f.assign(owner, project, [candidate.id], stage(project, 2).id);
    await t.readModels.waitFor(Math.max(pooled.position, inWorkspace.position), 5000);

    const document = await imported(
      owner,
      csvOf(
        "New,Person,new@example.com",
        "Pooled,Again,POOLED@example.com",
        "Listed,Again,listed@example.com",
        "Already,Again,already@example.com",
      ),
      intoProject(project, stage(project, 1).id),
    );
    expect(counts(document)).toEqual({ new: 1, assigned: 2, existing: 3, errors: 0, success: 4, total: 4 });
    const byPerson = await pipeline(owner, project, document.meta.position);
    expect(Object.values(byPerson).sort()).toEqual(["Contacted", "Contacted", "Contacted", "Interview"]);
    expect(byPerson[pooled.id]).toBe("Contacted");
    expect(byPerson[inWorkspace.id]).toBe("Contacted");
    expect(byPerson[candidate.id]).toBe("Interview");

    const workspacePeople = await f.read(owner, `/workspaces/${ws}/people?limit=50`, document.meta.position);
    expect(workspacePeople.json<{ data: unknown[] }>().data).toHaveLength(4);
  });

  it("imports the all-fields example into the first stage when none is chosen, and appends nothing on a repeat", async () => {
    const owner = await f.newUser();
    const { project } = await projectWithWorkspace(owner);
    const csv = await readFile(
      new URL("../../../../../web/public/people_import_example_all_fields.csv", import.meta.url),
    );
    const first = await imported(owner, csv, intoProject(project));
    expect(counts(first).errors).toBe(0);
    expect(counts(first).new).toBeGreaterThan(0);
    const byPerson = await pipeline(owner, project, first.meta.position);
    expect(Object.keys(byPerson)).toHaveLength(counts(first).new);
    expect(new Set(Object.values(byPerson))).toEqual(new Set(["Sourced"]));

    const before = await countEvents(t.pool);
    const again = await imported(owner, csv, intoProject(project));
    expect(counts(again)).toMatchObject({ new: 0, assigned: 0, existing: counts(first).new, errors: 0 });
    expect(await countEvents(t.pool)).toBe(before);
  });

  it("refuses, before importing anyone, a project the importer cannot fill or a stage that is not its own", async () => {
    const owner = await f.newUser();
    const { ws, project } = await projectWithWorkspace(owner);
    const other = await projectWithWorkspace(owner);
    const bare = await f.createProject(owner, ws, { workflow: false });
    const archived = await f.createProject(owner, ws);
    await f.archive(owner, archived);
    const viewer = await f.newUser();
    await f.join(ws, viewer, "viewer");
    await t.readModels.waitFor(await f.joinProject(project, viewer, "viewer"), 5000);
    const stranger = await f.newUser();
    const file = csvOf("A,B,a@example.com");
    const before = await countEvents(t.pool);

    const unknown = await importCsv(owner, file, { fields: { "data[project_id]": randomUUID() } });
    expectError(unknown, 404, { detail: "Project not found", source: { parameter: "data[project_id]" } });
    const strangers = await importCsv(stranger, file, intoProject(project));
    expectError(strangers, 404, { detail: "Project not found", source: { parameter: "data[project_id]" } });
    const elsewhere = await importCsv(owner, file, {
      fields: { "data[project_id]": project.id, "data[workspace_id]": other.ws },
    });
    expectError(elsewhere, 404, { detail: "Project not found", source: { parameter: "data[project_id]" } });
    const foreignStage = await importCsv(owner, file, intoProject(project, stage(other.project, 0).id));
    expectError(foreignStage, 422, { code: "VALIDATION", source: { parameter: "data[stage_id]" } });
    const noWorkflow = await importCsv(owner, file, intoProject(bare));
    expectError(noWorkflow, 422, { detail: "Assign a workflow to the project first" });
    expectError(await importCsv(owner, file, intoProject(archived)), 422, {
      source: { parameter: "data[project_id]" },
    });
    expectError(await importCsv(viewer, file, intoProject(project)), 403, { code: "FORBIDDEN" });
    expect(await countEvents(t.pool)).toBe(before);
  });
});
