import { sql } from "kysely";
import { describe, expect, it } from "vitest";
import { down, up } from "../2026_11_23_170000_project_scopes.ts";
import { migrationTestDb } from "./testing/migration-test-db.ts";

const db = migrationTestDb();

const ada = "00000000-0000-4000-8000-00000000000a";
const bob = "00000000-0000-4000-8000-00000000000b";
const carol = "00000000-0000-4000-8000-00000000000c";
const ws = "00000000-0000-4000-8000-0000000000f1";
const backend = "00000000-0000-4000-8000-0000000000a1";
const design = "00000000-0000-4000-8000-0000000000a2";
const member = "00000000-0000-4000-8000-0000000000a3";
const template = "00000000-0000-4000-8000-0000000000d1";
const copy = "00000000-0000-4000-8000-0000000000d2";
const grace = "00000000-0000-4000-8000-0000000000b1";
const linus = "00000000-0000-4000-8000-0000000000b2";
const person = "00000000-0000-4000-8000-0000000000c1";
const toBackend = "00000000-0000-4000-8000-0000000000e1";
const toDesign = "00000000-0000-4000-8000-0000000000e2";
const toWorkspace = "00000000-0000-4000-8000-0000000000e3";

type Data = Record<string, unknown> | null;
type Entry = [position: number, seq: number, scope: string, entity: string, id: string, op: "put" | "del", data: Data];

const all = `ws:${ws}`;
const adas = `user:${ada}`;
const bobs = `user:${bob}`;
const carols = `user:${carol}`;

const backendRow = { id: backend, workspace_id: ws, visible: false, user_id: ada };
const memberRow = { id: member, project_id: backend, workspace_id: ws, user_id: ada, role: "owner" };
const copyRow = { id: copy, workspace_id: ws, assigned_to: "project", project_id: backend };
const graceRow = (status: string) => ({ id: grace, project_id: backend, workspace_id: ws, status });
const invitation = (id: string, type: "Project" | "Workspace", opens: string, to: string, status: string) => ({
  id,
  to_user_id: to,
  invitable_type: type,
  invitable_id: opens,
  workspace_id: ws,
  status,
});

/** As the projector before this migration logged it: Backend visible at first, then hidden. */
const history: Entry[] = [
  [1, 0, all, "project", backend, "put", { ...backendRow, visible: true }],
  [1, 1, all, "project_user", member, "put", memberRow],
  [
    2,
    0,
    all,
    "workflow",
    template,
    "put",
    { id: template, workspace_id: ws, assigned_to: "template", project_id: null },
  ],
  [3, 0, all, "workflow", copy, "put", copyRow],
  [4, 0, all, "candidacy", grace, "put", graceRow("Sourced")],
  [4, 1, all, "person", person, "put", { id: person }],
  [5, 0, all, "candidacy", grace, "put", graceRow("Contacted")],
  // Hidden: every row of Backend put in its creator's scope, then deleted from the workspace's.
  [6, 0, adas, "project", backend, "put", backendRow],
  [6, 1, all, "project", backend, "del", null],
  [6, 2, adas, "workflow", copy, "put", copyRow],
  [6, 3, all, "workflow", copy, "del", null],
  [6, 4, adas, "candidacy", grace, "put", graceRow("Contacted")],
  [6, 5, all, "candidacy", grace, "del", null],
  [6, 6, adas, "project_user", member, "put", memberRow],
  [6, 7, all, "project_user", member, "del", null],
  // Added, then removed.
  [7, 0, adas, "candidacy", linus, "put", { id: linus, project_id: backend, workspace_id: ws, status: "Sourced" }],
  [8, 0, adas, "candidacy", linus, "del", null],
  // Bob is invited to Backend: kept to Ada, and in Bob's bell; then he accepts.
  [9, 0, adas, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "waiting")],
  [9, 1, bobs, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "waiting")],
  [10, 0, adas, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "active")],
  [10, 1, bobs, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "active")],
  // Written straight into the log far above the projector's seqs, as the benches' seeds do.
  [10, 1_000_001, all, "person", person, "put", { id: person }],
  [11, 0, all, "invitation", toWorkspace, "put", invitation(toWorkspace, "Workspace", ws, bob, "waiting")],
  [11, 1, bobs, "invitation", toWorkspace, "put", invitation(toWorkspace, "Workspace", ws, bob, "waiting")],
  // Carol is invited to Design, which is removed before she answers.
  [12, 0, all, "project", design, "put", { id: design, workspace_id: ws, visible: true, user_id: ada }],
  [13, 0, all, "invitation", toDesign, "put", invitation(toDesign, "Project", design, carol, "waiting")],
  [13, 1, carols, "invitation", toDesign, "put", invitation(toDesign, "Project", design, carol, "waiting")],
  [14, 0, all, "project", design, "del", null],
  [14, 1, all, "invitation", toDesign, "del", null],
  [14, 2, carols, "invitation", toDesign, "del", null],
];

async function changeLog(): Promise<Entry[]> {
  const { rows } = await sql<{
    position: string;
    seq: number;
    scope: string;
    entity: string;
    id: string;
    op: "put" | "del";
    data: Data;
  }>`select position, seq, scope, entity, id, op, data from read.change_log order by position, seq`.execute(db);
  return rows.map((r) => [Number(r.position), r.seq, r.scope, r.entity, r.id, r.op, r.data]);
}

async function privateToColumns(): Promise<string[]> {
  const { rows } = await sql<{ table_name: string }>`select table_name from information_schema.columns
    where table_schema = 'read' and column_name = 'private_to' order by table_name`.execute(db);
  return rows.map((r) => r.table_name);
}

describe("project scopes migration", () => {
  it("logs each live row of a project once in the project's scope, as of its newest change, keeping the bells", async () => {
    await down(db);
    for (const [position, seq, scope, entity, id, op, data] of history) {
      await sql`insert into read.change_log (position, seq, scope, entity, id, op, data)
        values (${position}, ${seq}, ${scope}, ${entity}, ${id}, ${op}, ${data === null ? null : JSON.stringify(data)})`.execute(
        db,
      );
    }

    await up(db);

    const proj = `proj:${backend}`;
    expect(await changeLog()).toEqual([
      // The template stays the workspace's, and people are not a project's.
      [2, 0, all, "workflow", template, "put", expect.objectContaining({ project_id: null })],
      [4, 1, all, "person", person, "put", { id: person }],
      // Hidden at 6: each row's put there counts, not the del from the scope it left.
      [6, 8, proj, "candidacy", grace, "put", graceRow("Contacted")],
      [6, 9, proj, "project", backend, "put", backendRow],
      [6, 10, proj, "project_user", member, "put", memberRow],
      [6, 11, proj, "workflow", copy, "put", copyRow],
      // Linus was removed: nothing of him is left.
      [9, 1, bobs, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "waiting")],
      [10, 1, bobs, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "active")],
      [10, 1_000_001, all, "person", person, "put", { id: person }],
      [10, 1_000_002, proj, "invitation", toBackend, "put", invitation(toBackend, "Project", backend, bob, "active")],
      [11, 0, all, "invitation", toWorkspace, "put", invitation(toWorkspace, "Workspace", ws, bob, "waiting")],
      [11, 1, bobs, "invitation", toWorkspace, "put", invitation(toWorkspace, "Workspace", ws, bob, "waiting")],
      // Design is gone, and so is Carol's invitation, from her bell too.
      [13, 1, carols, "invitation", toDesign, "put", invitation(toDesign, "Project", design, carol, "waiting")],
      [14, 2, carols, "invitation", toDesign, "del", null],
    ]);
    expect(await privateToColumns()).toEqual([]);
  });

  it("going down brings back whom a hidden project's rows were kept to", async () => {
    const at = "2026-11-03T09:00:00Z";
    for (const [id, visible] of [
      [backend, false],
      [design, true],
    ] as const) {
      await sql`insert into read.projects (id, workspace_id, name, description, priority, status, start_date, deadline,
          visible, workflow_id, user_id, created_at, updated_at)
        values (${id}, ${ws}, 'P', null, 'High', 'Active', null, null, ${visible}, null, ${ada}, ${at}, ${at})`.execute(
        db,
      );
    }
    for (const [id, projectId] of [
      [grace, backend],
      [linus, design],
    ] as const) {
      await sql`insert into read.candidacies (id, project_id, workspace_id, person_id, stage_id, status, response,
          stage_entered_at, created_at, updated_at)
        values (${id}, ${projectId}, ${ws}, ${person}, ${template}, 'Sourced', null, ${at}, ${at}, ${at})`.execute(db);
    }

    await down(db);

    expect(await privateToColumns()).toEqual(["candidacies", "invitations", "project_users", "workflows"]);
    const { rows } = await sql`select id, private_to from read.candidacies order by id`.execute(db);
    expect(rows).toEqual([
      { id: grace, private_to: ada },
      { id: linus, private_to: null },
    ]);
  });
});
