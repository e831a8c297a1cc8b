import { randomUUID } from "node:crypto";
import { FIRST_PART_ROWS, type ServerMessage } from "@hirestream/contracts/sync/messages.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectSync } from "../testing/sync-client.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

// The owner's people are in their pool's scope and in their workspace's: a fresh replica's
// catch-up sends each of them in full once, naming the other scope, rather than once per scope.

let t: TestApp;
let syncUrl: string;
beforeAll(async () => {
  t = await startTestApp({ now: new Date() });
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  syncUrl = `${address.replace("http", "ws")}/api/v1/sync`;
});
afterAll(async () => {
  await t.close();
});

async function createWorkspace(user: SignedIn, name: string): Promise<string> {
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/workspaces",
    headers: user.headers,
    payload: { name },
  });
  expect(response.statusCode).toBe(201);
  const { data, meta } = response.json<{ data: { id: string }; meta: { position: number } }>();
  await t.readModels.waitFor(meta.position, 5000);
  return data.id;
}

async function importPeople(user: SignedIn, workspaceId: string, count: number): Promise<void> {
  const lines = Array.from({ length: count }, (_, n) => `Person,${n},person${n}@example.com`);
  const csv = ["first_name,last_name,email", ...lines].join("\n");
  const boundary = `----${randomUUID()}`;
  const part = (name: string, value: string, filename?: string) =>
    `--${boundary}\r\nContent-Disposition: form-data; name="${name}"${filename ? `; filename="${filename}"\r\nContent-Type: text/csv` : ""}\r\n\r\n${value}\r\n`;
  const response = await t.app.inject({
    method: "POST",
    url: "/api/v1/people/import_csv",
    headers: { ...user.headers, "content-type": `multipart/form-data; boundary=${boundary}` },
    payload: `${part("data[workspace_id]", workspaceId)}${part("data[file]", csv, "people.csv")}--${boundary}--\r\n`,
  });
  expect(response.statusCode).toBe(200);
  await t.readModels.waitFor(response.json<{ meta: { position: number } }>().meta.position, 5000);
}

type Snapshot = Extract<ServerMessage, { type: "snapshot" }>;

it("sends a person its owner's pool and workspace both hold in full once, naming the other scope", async () => {
  const ada = await signUpUser(t.app, "shared-rows-ada@example.com");
  const workspaceId = await createWorkspace(ada, "Ada's pool and workspace");
  const people = FIRST_PART_ROWS + 150;
  await importPeople(ada, workspaceId, people);
  const pool = `user:${ada.userId}`;
  const workspace = `ws:${workspaceId}`;

  const client = connectSync(syncUrl, ada, { focus: [workspace] });
  await client.until((m) => m.type === "ready");
  client.socket.close();
  const parts = client.messages.filter((m): m is Snapshot => m.type === "snapshot");
  const inFull = new Map<string, string[]>();
  const asSame = new Map<string, string[]>();
  for (const part of parts) {
    for (const row of part.rows) {
      if (row.entity !== "person") continue;
      if ("same" in row) asSame.set(row.id, [...(asSame.get(row.id) ?? []), part.scope]);
      else {
        expect(inFull.has(row.id), `${row.id} went in full twice`).toBe(false);
        inFull.set(row.id, [part.scope, ...(row.also ?? [])]);
      }
    }
  }
  expect(inFull.size).toBe(people);
  // Every person ends up in both scopes, whichever way each scope got it.
  for (const [id, scopes] of inFull) {
    expect([...scopes, ...(asSame.get(id) ?? [])].sort(), id).toEqual([pool, workspace].sort());
  }
  // The same row is for the few sent before the other scope's keys were read: at most a first part.
  expect(asSame.size).toBeLessThanOrEqual(FIRST_PART_ROWS);
  // Both scopes still end with their last part.
  expect(
    parts
      .filter((m) => m.last)
      .map((m) => m.scope)
      .sort(),
  ).toEqual([pool, workspace].sort());
});
