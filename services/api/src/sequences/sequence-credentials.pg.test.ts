import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { SignedIn } from "../testing/test-app.ts";
import { startTestApp, type TestApp } from "../testing/test-app.ts";
import { sequenceBody, sequenceKit, url } from "./testing/sequence-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, send, read } = sequenceKit(() => t, "seqcred");

async function addMailbox(user: SignedIn, ws: string, email: string, aliases: string[] = []) {
  const added = await send(user, "POST", `/api/v1/workspaces/${ws}/providers`, {
    provider_type: "local",
    name: `Mailbox of ${email}`,
    email,
  });
  expect(added.statusCode, added.body).toBe(201);
  const id: string = added.json().data.id;
  if (aliases.length > 0) {
    const aliased = await send(user, "PATCH", `/api/v1/workspaces/${ws}/providers/${id}`, { aliases });
    expect(aliased.statusCode, aliased.body).toBe(200);
  }
  return id;
}

const steps = (providerId: string, from: string | null) => [
  { template_subject: "Hello {{first_name}}", template_body: "<p>Hi</p>", provider_id: providerId, from },
  { template_subject: "Again", template_body: "<p>{{pitch}}</p>", provider_id: providerId, from },
];

describe("a sequence's steps and the workspace's credentials", () => {
  it("show the credential of each step, sent from its email or an alias", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    // Added just before: the sequence call waits for the caller's own writes to reach the read models.
    const mailbox = await addMailbox(owner, ws, "jobs@example.com", ["talent@example.com"]);
    const id = randomUUID();
    const created = await send(
      owner,
      "POST",
      url(ws),
      sequenceBody({ steps: steps(mailbox, "Talent@example.com") }, id),
    );
    expect(created.statusCode, created.body).toBe(201);

    const shown = await read(owner, url(ws, id), created.json().meta.position);
    const document = shown.json();
    expect(document.data.meta.credentials).toEqual({
      count: 1,
      provider_names: ["Mailbox of jobs@example.com"],
      empty_providers: 0,
    });
    expect(document.included[0].attributes).toMatchObject({
      provider_id: mailbox,
      provider_type: "local",
      provider_name: "Mailbox of jobs@example.com",
      credential_email: "jobs@example.com",
      from: "Talent@example.com",
    });
  });

  it("refuse a credential of another workspace, an unknown one, and a sender the credential is not", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const elsewhere = await createWorkspace(owner);
    const foreign = await addMailbox(owner, elsewhere, "other@example.com");
    const own = await addMailbox(owner, ws, "jobs@example.com");

    for (const [providerId, from, pointer, detail] of [
      [foreign, null, "/data/attributes/steps/0/provider_id", "must be a credential of this workspace"],
      [randomUUID(), null, "/data/attributes/steps/0/provider_id", "must be a credential of this workspace"],
      [
        own,
        "someone@example.com",
        "/data/attributes/steps/0/from",
        "must be the credential's email or one of its aliases",
      ],
    ] as const) {
      const refused = await send(owner, "POST", url(ws), sequenceBody({ steps: steps(providerId, from) }));
      expect(refused.statusCode, refused.body).toBe(422);
      expect(refused.json().errors[0]).toMatchObject({ detail, source: { pointer } });
    }
  });
});
