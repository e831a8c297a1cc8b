import { randomUUID } from "node:crypto";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";
import { sequenceKit, url } from "./testing/sequence-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t.close();
});

const { newUser, createWorkspace, send, join } = sequenceKit(() => t, "seqtest");

async function mailboxOf(user: SignedIn, ws: string) {
  const added = await send(user, "POST", `/api/v1/workspaces/${ws}/providers`, {
    provider_type: "local",
    name: "Recruiting",
    email: "jobs@example.com",
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().data.id as string;
}

async function sequenceWith(user: SignedIn, ws: string, providerId: string | null) {
  const id = randomUUID();
  const created = await send(user, "POST", url(ws), {
    data: {
      type: "sequence",
      id,
      attributes: {
        name: "Backend",
        payload_fields: { customs: [{ name: "pitch", type: "Text area" }] },
        steps: [
          { template_subject: "Hello {{first_name}}", template_body: "<p>{{pitch}}</p>", provider_id: providerId },
          {
            template_subject: "Following up",
            template_body: "<p>Still keen, {{first_name}}?</p>",
            provider_id: providerId,
          },
        ],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  return id;
}

const sentTo = async (email: string) =>
  Promise.all(
    (
      await t.db
        .selectFrom("local_mailbox")
        .select(["mime"])
        .where("to_address", "=", email)
        .orderBy("created_at")
        .execute()
    ).map((row) => simpleParser(row.mime)),
  );

describe("PUT /workspaces/{ws}/sequences/{id}/test", () => {
  it("sends every step, filled with the values given, to the caller's own address only, threaded", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const id = await sequenceWith(owner, ws, await mailboxOf(owner, ws));
    const body = { test_params: { first_name: "Ada", pitch: "A <b>compiler</b> team" } };
    const tested = await send(owner, "PUT", `${url(ws, id)}/test`, body);
    expect(tested.statusCode, tested.body).toBe(200);
    expect(tested.json().data.attributes).toEqual({ sent: 2, to: owner.email });

    const [first, second, ...more] = await sentTo(owner.email);
    expect(more).toEqual([]);
    expect(first?.subject).toBe("Hello Ada");
    expect(first?.html).toContain("A &lt;b&gt;compiler&lt;/b&gt; team");
    expect(first?.from?.value[0]?.address).toBe("jobs@example.com");
    expect(second?.subject).toBe("Following up");
    expect(second?.inReplyTo).toBe(first?.messageId);
  });

  it("sends nothing again for a repeated request", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const id = await sequenceWith(owner, ws, await mailboxOf(owner, ws));
    const key = randomUUID();
    for (let attempt = 0; attempt < 2; attempt++) {
      const tested = await t.app.inject({
        method: "PUT",
        url: `${url(ws, id)}/test`,
        headers: { ...owner.headers, "content-type": "application/json", "idempotency-key": key },
        payload: JSON.stringify({ test_params: { first_name: "Ada", pitch: "Hi" } }),
      });
      expect(tested.statusCode, tested.body).toBe(200);
    }
    expect(await sentTo(owner.email)).toHaveLength(2);
  });

  it("asks for every variable in use and names a step without a credential, sending nothing", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const withMailbox = await sequenceWith(owner, ws, await mailboxOf(owner, ws));
    const missing = await send(owner, "PUT", `${url(ws, withMailbox)}/test`, { test_params: { first_name: "Ada" } });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0]).toMatchObject({
      detail: "This field is required",
      source: { pointer: "/data/attributes/test_params/pitch" },
    });

    const without = await sequenceWith(owner, ws, null);
    const noCredential = await send(owner, "PUT", `${url(ws, without)}/test`, {
      test_params: { first_name: "Ada", pitch: "Hi" },
    });
    expect(noCredential.statusCode).toBe(422);
    expect(noCredential.json().errors[0]).toMatchObject({
      detail: "No integration found for this step, please check!",
      source: { pointer: "/data/attributes/steps/0/provider_id" },
    });
    expect(await sentTo(owner.email)).toEqual([]);
  });

  it("is refused to a viewer and hidden from other workspaces", async () => {
    const owner = await newUser();
    const ws = await createWorkspace(owner);
    const id = await sequenceWith(owner, ws, await mailboxOf(owner, ws));
    const viewer = await newUser();
    await join(ws, viewer, "viewer");
    const stranger = await newUser();
    const body = { test_params: { first_name: "Ada", pitch: "Hi" } };
    expect((await send(viewer, "PUT", `${url(ws, id)}/test`, body)).statusCode).toBe(403);
    expect((await send(stranger, "PUT", `${url(ws, id)}/test`, body)).statusCode).toBe(404);
    expect(await sentTo(viewer.email)).toEqual([]);
    expect(await sentTo(stranger.email)).toEqual([]);
  });
});
