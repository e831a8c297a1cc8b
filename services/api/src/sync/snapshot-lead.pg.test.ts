import { expect, it, vi } from "vitest";
import { checkpointOf } from "./change-feed.ts";
import { leadListText, SnapshotLeads } from "./snapshot-lead.ts";
import { syncTestApp } from "./testing/sync-test-app.ts";

// A board's first candidacies lead the project's scope, and the people they name lead its
// workspace's when the focus puts the board first: one read of the board serves both.

const s = syncTestApp("snapshot-lead");

it("reads a focused board's first candidacies once for its project's lead and its workspace's", async () => {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const project = await s.f.createProject(user, ws);
  const people = [];
  for (let index = 0; index < 3; index++) {
    people.push((await s.f.addPerson(user, { first_name: `Person ${index}`, last_name: `Z${index}` }, ws)).id);
  }
  const { meta } = await s.f.assign(user, project, people);
  await s.t.readModels.waitFor(meta.position, 5000);
  const focus = [`proj:${project.id}`, `ws:${ws}`];
  const leads = new SnapshotLeads(s.t.pool, await checkpointOf(s.t.pool), () => focus);
  const queries = vi.spyOn(s.t.pool, "query");

  const board = await leads.of(`proj:${project.id}`);
  const workspace = await leads.of(`ws:${ws}`);

  const boardReads = queries.mock.calls.filter(([config]) => JSON.stringify(config).includes("read.candidacies"));
  queries.mockRestore();
  expect(boardReads).toHaveLength(1);
  const { rows } = await s.t.pool.query<{ id: string; person_id: string }>(
    "select id, person_id from read.candidacies where project_id = $1 order by created_at desc, id desc",
    [project.id],
  );
  expect(board).toEqual(rows.map((row) => `candidacy:${row.id}`));
  // The board's people first, in its order, then the workspace's People in theirs.
  expect(workspace.slice(0, 3)).toEqual(rows.map((row) => `person:${row.person_id}`));
  expect(workspace.slice(3)).toEqual(people.map((person) => `person:${person}`));
});

it("fills a workspace's first part with a focused board's people without reading the workspace's own list", async () => {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const project = await s.f.createProject(user, ws);
  const people = [];
  for (let index = 0; index < 3; index++) {
    people.push((await s.f.addPerson(user, { first_name: `Person ${index}`, last_name: `Z${index}` }, ws)).id);
  }
  const { meta } = await s.f.assign(user, project, people.slice(0, 2));
  await s.t.readModels.waitFor(meta.position, 5000);
  const focus = [`proj:${project.id}`, `ws:${ws}`];
  // A first part of two rows: the board's two candidates fill it.
  const leads = new SnapshotLeads(s.t.pool, await checkpointOf(s.t.pool), () => focus, 2);
  const queries = vi.spyOn(s.t.pool, "query");

  const first = await leads.firstKeys(`ws:${ws}`);

  const workspaceReads = queries.mock.calls.filter(([config]) =>
    JSON.stringify(config).includes("sync-lead-workspace"),
  );
  queries.mockRestore();
  expect(workspaceReads).toEqual([]);
  const { rows } = await s.t.pool.query<{ person_id: string }>(
    "select person_id from read.candidacies where project_id = $1 order by created_at desc, id desc",
    [project.id],
  );
  expect(first.map((key) => `${key.entity}:${key.id}`)).toEqual(rows.map((row) => `person:${row.person_id}`));
  // The rest of the workspace's rows still follow in its own order.
  expect((await leads.of(`ws:${ws}`)).slice(2)).toEqual(people.map((person) => `person:${person}`));
});

it("reads a scope's first keys once, so the read the catch-up starts early is the one its first part uses", async () => {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const person = await s.f.addPerson(user, { first_name: "Grace", last_name: "Hopper" }, ws);
  await s.t.readModels.waitFor(person.position, 5000);
  const scope = `ws:${ws}`;
  const leads = new SnapshotLeads(s.t.pool, await checkpointOf(s.t.pool), () => [scope]);
  const queries = vi.spyOn(s.t.pool, "query");

  const early = leads.firstKeys(scope);
  const [first, again] = await Promise.all([leads.firstKeys(scope), early]);

  const keyReads = queries.mock.calls.filter(([config]) => JSON.stringify(config).includes("sync-lead-keys"));
  queries.mockRestore();
  expect(keyReads).toHaveLength(1);
  expect(first).toEqual(again);
  expect(first.map((key) => `${key.entity}:${key.id}`)).toContain(`person:${person.id}`);
});

it("reads the Talent Pool's first people from an index in the pool's order, without sorting the whole pool", async () => {
  const user = await s.f.newUser();
  const ws = await s.f.createWorkspace(user);
  const person = await s.f.addPerson(user, { first_name: "Grace", last_name: "Hopper" }, ws);
  await s.t.readModels.waitFor(person.position, 5000);
  const { rows } = await s.t.pool.query<{ user_id: string }>(
    "select owner_id as user_id from read.people where id = $1",
    [person.id],
  );
  const client = await s.t.pool.connect();
  try {
    await client.query("begin");
    // A pool of a few rows would be read whole and sorted anyway: the plan for a large one is asked.
    await client.query("set local enable_seqscan = off");
    await client.query("set local enable_bitmapscan = off");
    const { rows: plan } = await client.query<{ "QUERY PLAN": string }>({
      text: `explain (format text) ${leadListText("pool")}`,
      values: [rows[0]?.user_id, 100],
    });
    await client.query("rollback");
    const text = plan.map((line) => line["QUERY PLAN"]).join("\n");
    expect(text).toContain("people_owner_name_order");
    expect(text).not.toMatch(/Sort/);
  } finally {
    client.release();
  }
});
