import { sequenceRow } from "@hirestream/contracts/sequences/rows.ts";
import { expect, it } from "vitest";
import { syncTestApp } from "../sync/testing/sync-test-app.ts";
import { rowsOf } from "../testing/sync-client.ts";
import type { SignedIn } from "../testing/test-app.ts";

const s = syncTestApp("sync-seq");

async function post(user: SignedIn, url: string, payload: Record<string, unknown>) {
  const response = await s.t.app.inject({ method: "POST", url, headers: user.headers, payload });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<{ data: { id: string }; meta: { position: number } }>();
}

it("sends a workspace's sequences to its members' browsers, as the replica's rows, and to no one else", async () => {
  const ada = await s.f.newUser();
  const bob = await s.f.newUser();
  const workspace = await post(ada, "/api/v1/workspaces", { name: "Ada's" });
  const bobs = await post(bob, "/api/v1/workspaces", { name: "Bob's" });
  await s.t.readModels.waitFor(bobs.meta.position, 5000);
  const adaSocket = s.connect(ada);
  const bobSocket = s.connect(bob);
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
