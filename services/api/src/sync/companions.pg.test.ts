import { FIRST_PART_ROWS } from "@hirestream/contracts/sync/messages.ts";
import { expect, it } from "vitest";
import { snapshotsOf, syncTestApp } from "./testing/sync-test-app.ts";

// A project's candidacies and the people they name travel together (sync protocol 9): past the
// project's first part, each part carries its candidacies' people, in full once, naming the
// scopes that hold them (`in`: the workspace's, the owner's pool), which then leave them out.

const s = syncTestApp("companions");

it("sends a project's candidates' people with their candidacies, once, for the scopes that hold them", async () => {
  const ada = await s.f.newUser();
  const workspaceId = await s.createWorkspace(ada, "Ada's search");
  const candidates = FIRST_PART_ROWS + 250;
  const others = 40;
  await s.importPeople(ada, workspaceId, candidates + others);
  const people = await s.t.db
    .selectFrom("read.people")
    .select("id")
    .where("owner_id", "=", ada.userId)
    .orderBy("id")
    .execute();
  const assigned = people.slice(0, candidates).map((person) => person.id);
  const project = await s.f.createProject(ada, workspaceId, { name: "Platform engineers" });
  let position = 0;
  for (let from = 0; from < assigned.length; from += 400) {
    position = (await s.f.assign(ada, project, assigned.slice(from, from + 400))).meta.position;
  }
  await s.t.readModels.waitFor(position, 10_000);
  const pool = `user:${ada.userId}`;
  const workspace = `ws:${workspaceId}`;
  const projectScope = `proj:${project.id}`;

  const client = s.connect(ada, { focus: [projectScope, workspace] });
  await client.until((m) => m.type === "ready");
  client.socket.close();
  const parts = snapshotsOf(client.messages);
  const inFull = new Map<string, { part: string; scopes: string[] }>();
  const asSame = new Map<string, string[]>();
  for (const part of parts) {
    for (const row of part.rows) {
      if (row.entity !== "person") continue;
      if ("same" in row) {
        asSame.set(row.id, [...(asSame.get(row.id) ?? []), part.scope]);
        continue;
      }
      expect(inFull.has(row.id), `${row.id} went in full twice`).toBe(false);
      inFull.set(row.id, { part: part.scope, scopes: row.in ?? [part.scope, ...(row.also ?? [])] });
    }
  }
  expect(inFull.size).toBe(candidates + others);
  // Every person ends up in the pool and the workspace, and never in the project's scope.
  for (const [id, { scopes }] of inFull) {
    expect([...scopes, ...(asSame.get(id) ?? [])].sort(), id).toEqual([pool, workspace].sort());
  }
  // The project's parts after its first carried their candidates' people; the others came apart.
  const withCandidacies = [...inFull].filter(([, sent]) => sent.part === projectScope).map(([id]) => id);
  expect(withCandidacies.length).toBeGreaterThan(0);
  const assignedIds = new Set(assigned);
  expect(withCandidacies.filter((id) => !assignedIds.has(id))).toEqual([]);
  const candidacyParts = parts.filter(
    (part) => part.scope === projectScope && part.rows.some((row) => row.entity === "person"),
  );
  for (const part of candidacyParts) {
    const named = new Set(
      part.rows.flatMap((row) => (row.entity === "candidacy" && "data" in row ? [String(row.data.person_id)] : [])),
    );
    for (const row of part.rows) if (row.entity === "person") expect(named.has(row.id), row.id).toBe(true);
  }
  // Every scope still ends with its last part.
  expect(new Set(parts.filter((m) => m.last).map((m) => m.scope))).toEqual(new Set([pool, workspace, projectScope]));
});
