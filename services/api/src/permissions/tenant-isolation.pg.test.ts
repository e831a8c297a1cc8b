import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { connectSync, rowsOf } from "../testing/sync-client.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { endpoints } from "./testing/endpoints.ts";
import { type PermissionWorld, permissionWorld, type World } from "./testing/permission-world.ts";

// Another tenant's data never leaves the server for someone outside it: not in any answer of any
// endpoint, asked by id or listed, and not in any message of their sync socket, snapshot or live.

let t: TestApp;
let f: PipelineFixtures;
let world: PermissionWorld;
let syncUrl: string;
beforeAll(async () => {
  t = await startTestApp({ now: new Date() });
  f = pipelineFixtures(t, "tenants");
  world = permissionWorld(t, f);
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  syncUrl = `${address.replace("http", "ws")}/api/v1/sync`;
});
afterAll(async () => {
  await t.close();
});

/** Everything that names the tenant's data: its ids, names and emails. */
function secretsOf(w: World): string[] {
  return [
    w.workspaceId,
    w.project.id,
    w.project.name,
    w.project.workflowId ?? "",
    w.personId,
    w.candidateName,
    w.spareId,
    w.templateId,
    w.fileId,
    w.invitationId,
    w.owner.userId,
    w.owner.email,
  ].filter((secret) => secret !== "");
}

const leaked = (text: string, secrets: readonly string[]) => secrets.filter((secret) => text.includes(secret));

describe("tenant isolation", () => {
  for (const visible of [true, false]) {
    it(`no endpoint answers an outsider with any of a tenant's data (${visible ? "visible" : "hidden"} project)`, async () => {
      const w = await world.arrange({ workspaceRole: undefined, projectRole: undefined }, visible);
      const outsiderWorkspace = await f.createWorkspace(w.actor, "Outsider's own");
      await f.addPerson(w.actor, { first_name: "Own candidate" }, outsiderWorkspace);
      await world.settle();
      const secrets = secretsOf(w);
      const answers: { name: string; body: string }[] = [];
      for (const endpoint of endpoints(t, f, world)) {
        const target = endpoint.prepare ? await endpoint.prepare(w) : "";
        answers.push({ name: endpoint.name, body: (await endpoint.call(w, target)).body });
      }
      // The outsider's own lists, where another tenant's rows would show if a query forgot a tenant.
      for (const url of [
        "/workspaces",
        "/workspaces/me/projects",
        "/workspaces/me/workflows",
        "/workspaces/me/sequences?limit=9999",
        "/workspaces/me/export_analytics",
        "/people?limit=50",
        "/invitations",
        `/project_people/global_search?search_by=${encodeURIComponent(w.candidateName)}`,
        `/workspaces/${outsiderWorkspace}/people`,
        `/workspaces/${outsiderWorkspace}/projects`,
        `/workspaces/${outsiderWorkspace}/invitations`,
      ]) {
        const answer = await f.read(w.actor, url);
        expect(answer.statusCode, `${url}: ${answer.body.slice(0, 200)}`).toBeLessThan(300);
        answers.push({ name: `GET ${url}`, body: answer.body });
      }
      const leaks = answers.flatMap(({ name, body }) => leaked(body, secrets).map((secret) => `${name}: ${secret}`));
      expect(leaks).toEqual([]);
    });
  }

  it("no sync message, snapshot or live, carries another tenant's data", async () => {
    const outsider = await f.newUser();
    const outsiderWorkspace = await f.createWorkspace(outsider, "Outsider's own");
    await world.settle();
    const live = connectSync(syncUrl, outsider);
    await live.until((m) => m.type === "ready");

    // The tenant works while the outsider's socket is open: a whole project, then changes to it.
    const w = await world.arrange({ workspaceRole: undefined, projectRole: undefined }, true);
    const projectUrl = `/workspaces/${w.workspaceId}/projects/${w.project.id}`;
    expect(
      (await f.send(w.owner, "PUT", `${w.candidateUrl}/move`, { stage_id: w.project.stages[2]?.id })).statusCode,
    ).toBe(200);
    expect((await f.send(w.owner, "PUT", projectUrl, { visible: false })).statusCode).toBe(200);
    expect((await f.send(w.owner, "PUT", projectUrl, { visible: true })).statusCode).toBe(200);
    // Then something of the outsider's own: once it arrives, everything before it has gone by.
    const marker = await f.send(outsider, "PUT", `/workspaces/${outsiderWorkspace}`, {
      name: "After the tenant's work",
    });
    expect(marker.statusCode).toBe(200);
    await live.until((m) => m.type === "changes" && m.rows.some((row) => row.data?.name === "After the tenant's work"));

    const fresh = connectSync(syncUrl, outsider);
    await fresh.until((m) => m.type === "ready");
    const secrets = secretsOf(w);
    expect(leaked(JSON.stringify(live.messages), secrets)).toEqual([]);
    expect(leaked(JSON.stringify(fresh.messages), secrets)).toEqual([]);
    // The outsider's socket did get its own rows: the check above looked at real traffic.
    expect(JSON.stringify(fresh.messages)).toContain(outsiderWorkspace);
    for (const client of [live, fresh]) client.socket.close();
  });

  it("a person in workspaces of two teams reaches each team's browsers without naming the other's workspace", async () => {
    const w = await world.arrange({ workspaceRole: undefined, projectRole: undefined }, true);
    // The tenant's owner also works in the outsider's workspace, and brings a candidate of theirs there.
    const outsiderWorkspace = await f.createWorkspace(w.actor, "Outsider's own");
    await f.join(outsiderWorkspace, w.owner, "collaborator");
    const shared = await f.createProject(w.owner, outsiderWorkspace, { name: "Shared" });
    await f.assign(w.owner, shared, [w.personId]);
    await world.settle();

    const outsider = connectSync(syncUrl, w.actor);
    await outsider.until((m) => m.type === "ready");
    const owner = connectSync(syncUrl, w.owner);
    await owner.until((m) => m.type === "ready");
    const toOutsider = JSON.stringify(outsider.messages);
    expect(toOutsider).toContain(w.personId);
    expect(toOutsider).not.toContain(w.workspaceId);
    // The owner is in both: their browser holds the person in both scopes (sent once, naming the other).
    const personScopes = rowsOf(owner.messages).flatMap((row) => (row.id === w.personId ? [row.scope] : []));
    expect(personScopes).toEqual(expect.arrayContaining([`ws:${w.workspaceId}`, `ws:${outsiderWorkspace}`]));
    for (const client of [outsider, owner]) client.socket.close();
  });
});
