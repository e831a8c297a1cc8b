import { sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { afterAll, beforeAll, expect, it } from "vitest";
import { connectSync, rowsOf } from "../testing/sync-client.ts";
import { type SignedIn, signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";

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

async function post(user: SignedIn, url: string, payload: Record<string, unknown>) {
  const response = await t.app.inject({ method: "POST", url, headers: user.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string }; meta: { position: number } }>();
}

it("sends a workspace's sequences to its members' browsers, as the replica's rows, and to no one else", async () => {
  const ada = await signUpUser(t.app, "sync-seq-ada@example.com");
  const bob = await signUpUser(t.app, "sync-seq-bob@example.com");
  const workspace = await post(ada, "/api/v1/workspaces", { name: "Ada's" });
  const bobs = await post(bob, "/api/v1/workspaces", { name: "Bob's" });
  await t.readModels.waitFor(bobs.meta.position, 5000);
  const adaSocket = connectSync(syncUrl, ada);
  const bobSocket = connectSync(syncUrl, bob);
  await adaSocket.until((m) => m.type === "ready");
  await bobSocket.until((m) => m.type === "ready");

  const sequence = await post(ada, `/api/v1/workspaces/${workspace.data.id}/sequences`, {
    name: "Outreach",
    steps: [{ template_subject: "Hi {{first_name}}", template_body: "<p>Hello</p>" }],
  });
  await adaSocket.until((m) => m.type === "changes" && m.rows.some((row) => row.id === sequence.data.id));
  const [received] = rowsOf(adaSocket.messages).filter((row) => row.id === sequence.data.id);
  expect(received).toMatchObject({ scope: `ws:${workspace.data.id}`, entity: "sequence" });
  expect(sequenceRow.parse(received?.data)).toMatchObject({
    name: "Outreach",
    steps: [{ position: 1, name: "Step 1", default_fields: ["first_name"] }],
  });

  // Bob's own change after it: once it reaches him, Ada's sequence has gone by.
  await post(bob, `/api/v1/workspaces/${bobs.data.id}/sequences`, {
    name: "Bob's marker",
    steps: [{ template_subject: "Hi", template_body: "<p>Hello</p>" }],
  });
  await bobSocket.until((m) => m.type === "changes" && m.rows.some((row) => row.data?.name === "Bob's marker"));
  expect(JSON.stringify(bobSocket.messages)).not.toContain(sequence.data.id);
  for (const socket of [adaSocket, bobSocket]) socket.socket.close();
});
