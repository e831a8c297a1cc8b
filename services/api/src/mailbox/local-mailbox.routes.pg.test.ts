import { answerMail, bounceReport } from "@hirestream/outreach/testing/inbound-mail.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { runWithSentStep } from "../testing/run-with-sent-step.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "mailbox");
});
afterAll(async () => {
  await t.close();
});

let mailboxes = 0;
const addresses = () => {
  mailboxes += 1;
  return { mailbox: `jobs${mailboxes}@acme.example`, candidate: `ada${mailboxes}@example.com` };
};

const deliver = (user: SignedIn, raw: Buffer | string) =>
  t.app.inject({
    method: "POST",
    url: "/api/v1/local_mailbox/inbound",
    headers: { ...user.headers, "content-type": "message/rfc822" },
    payload: raw,
  });

const get = (user: SignedIn, url: string) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: user.headers });

async function eventsOf(processorId: string) {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ type: string; data: Record<string, unknown> }>(
    "select type, data from events where stream_id = $1 order by global_position",
    [`processor-${processorId}`],
  );
  return rows;
}

const replyTo = (
  to: string,
  from: string,
  inReplyTo: string,
  messageId: string,
  headers: Record<string, string> = {},
) =>
  answerMail({
    from,
    to,
    subject: "Re: A role for Ada",
    text: "Sounds good, call me on Thursday.",
    messageId,
    inReplyTo,
    headers,
  });

describe("the local mailbox's sent mail", () => {
  it("lists what the user's local credentials sent, searchable, and answers each message raw", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { step } = await runWithSentStep(t, f, owner, mail);

    const listed = await get(owner, `/local_mailbox/messages?search_by=${encodeURIComponent("role for")}`);
    expect(listed.statusCode, listed.body).toBe(200);
    const [message, ...more] = listed.json().data;
    expect(more).toEqual([]);
    expect(message.attributes).toMatchObject({
      message_id: step.messageId,
      in_reply_to: null,
      references: [],
      to: mail.candidate,
      subject: "A role for Ada",
      html: expect.stringMatching(
        /^<p>Hello<\/p>\s+<p>If you would rather not hear from us again,\r?\n<a href="[^"]+">opt out of these emails<\/a>\.<\/p>$/,
      ),
    });
    expect(listed.json().meta.pages).toEqual({ current: 1, total: 1 });
    expect((await get(owner, "/local_mailbox/messages?search_by=nothing-like-it")).json().data).toEqual([]);
    expect((await get(owner, `/local_mailbox/messages?to=${mail.candidate}`)).json().data).toHaveLength(1);
    expect((await get(owner, "/local_mailbox/messages?from=someone-else")).json().data).toEqual([]);

    const raw = await get(owner, `/local_mailbox/messages/${message.id}/raw`);
    expect(raw.statusCode).toBe(200);
    expect(raw.headers["content-type"]).toContain("message/rfc822");
    expect(raw.body).toContain(`Message-ID: ${step.messageId}`);
  });

  it("shows another workspace's mail to no one outside it, and refuses a bad page size", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    await runWithSentStep(t, f, owner, addresses());
    const [message] = (await get(owner, "/local_mailbox/messages")).json().data;
    expect((await get(stranger, "/local_mailbox/messages")).json().data).toEqual([]);
    expect((await get(stranger, `/local_mailbox/messages/${message.id}/raw`)).statusCode).toBe(404);
    expect((await get(owner, "/local_mailbox/messages?limit=7")).statusCode).toBe(422);
    // Mail the server sent for itself (a password reset, an invitation) is no credential's.
    const { rows } = await t.pool.query<{ n: number }>("select count(*)::int as n from local_mailbox");
    expect(rows[0]?.n).toBeGreaterThan((await get(owner, "/local_mailbox/messages?limit=50")).json().data.length - 1);
  });
});

describe("mail delivered into the local mailbox", () => {
  it("takes a reply on a step's thread for a reply to that run, once however often it arrives", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { processorId, step } = await runWithSentStep(t, f, owner, mail);
    const raw = await replyTo(mail.mailbox, mail.candidate, step.messageId, "<reply-1@example.com>");

    const first = await deliver(owner, raw);
    expect(first.statusCode, first.body).toBe(202);
    expect(first.json().data).toEqual({ type: "inbound", attributes: { kind: "reply", processor_id: processorId } });
    expect((await deliver(owner, raw)).statusCode).toBe(202);

    const replies = (await eventsOf(processorId)).filter((event) => event.type === "ReplyReceived");
    expect(replies).toHaveLength(1);
    expect(replies[0]?.data).toMatchObject({
      messageId: "<reply-1@example.com>",
      from: mail.candidate,
      to: mail.mailbox,
      subject: "Re: A role for Ada",
      inReplyTo: step.messageId,
      afterStop: false,
    });
    expect(replies[0]?.data.html).toContain("Sounds good, call me on Thursday.");
  });

  it("records an automatic answer as one, and a delivery report as the step's bounce", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { processorId, step } = await runWithSentStep(t, f, owner, mail);
    const outOfOffice = await replyTo(mail.mailbox, mail.candidate, step.messageId, "<ooo-1@example.com>", {
      "Auto-Submitted": "auto-replied",
    });
    expect((await deliver(owner, outOfOffice)).json().data.attributes).toEqual({
      kind: "auto_reply",
      processor_id: processorId,
    });
    const report = bounceReport({ to: mail.mailbox, originalMessageId: step.messageId });
    expect((await deliver(owner, report)).json().data.attributes).toEqual({
      kind: "bounce",
      processor_id: processorId,
    });

    const types = (await eventsOf(processorId)).map((event) => event.type);
    expect(types.slice(-2)).toEqual(["AutoReplyReceived", "StepBounced"]);
    const bounced = (await eventsOf(processorId)).at(-1)?.data;
    expect(bounced).toMatchObject({ position: 1, status: "5.1.1" });
  });

  it("takes mail that answers no step for what it is, and records it nowhere", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { processorId } = await runWithSentStep(t, f, owner, mail);
    const before = await eventsOf(processorId);
    const stray = await replyTo(mail.mailbox, mail.candidate, "<unknown@example.com>", "<stray@example.com>");
    const answered = await deliver(owner, stray);
    expect(answered.statusCode).toBe(202);
    expect(answered.json().data).toEqual({ type: "inbound", attributes: { kind: "reply" } });
    expect(await eventsOf(processorId)).toEqual(before);
  });

  it("delivers only to a local mailbox of the caller's workspaces, and not for a viewer", async () => {
    const owner = await f.newUser();
    const stranger = await f.newUser();
    const mail = addresses();
    const viewer = await f.newUser();
    const { ws, processorId, step } = await runWithSentStep(t, f, owner, mail);
    await f.join(ws, viewer, "viewer");
    const raw = await replyTo(mail.mailbox, mail.candidate, step.messageId, "<forged@example.com>");
    expect((await deliver(stranger, raw)).statusCode).toBe(404);
    expect((await deliver(viewer, raw)).statusCode).toBe(404);
    const elsewhere = await replyTo("someone@else.example", mail.candidate, step.messageId, "<elsewhere@example.com>");
    expect((await deliver(owner, elsewhere)).statusCode).toBe(404);
    expect((await eventsOf(processorId)).some((event) => event.type === "ReplyReceived")).toBe(false);
    const anonymous = await t.app.inject({
      method: "POST",
      url: "/api/v1/local_mailbox/inbound",
      headers: { "content-type": "message/rfc822" },
      payload: raw,
    });
    expect(anonymous.statusCode).toBe(401);
    const asJson = await t.app.inject({
      method: "POST",
      url: "/api/v1/local_mailbox/inbound",
      headers: { ...owner.headers, "content-type": "text/plain" },
      payload: raw,
    });
    expect(asJson.statusCode).toBe(415);
    expect((await deliver(owner, "")).statusCode).toBe(400);
    expect((await deliver(owner, Buffer.alloc(10 * 1024 * 1024 + 1, "a"))).statusCode).toBe(413);
  });
});

describe("answering as the candidate", () => {
  it("builds the candidate's reply threaded on the message, which the inbound call takes as the run's reply", async () => {
    const owner = await f.newUser();
    const mail = addresses();
    const { processorId, step } = await runWithSentStep(t, f, owner, mail);
    const [message] = (await get(owner, "/local_mailbox/messages")).json().data;
    const built = await t.app.inject({
      method: "POST",
      url: `/api/v1/local_mailbox/messages/${message.id}/candidate_reply`,
      headers: { ...owner.headers, "content-type": "application/json", "idempotency-key": crypto.randomUUID() },
      payload: JSON.stringify({ body: "Yes please.\nThursday works." }),
    });
    expect(built.statusCode, built.body).toBe(200);
    const raw: string = built.json().data.attributes.raw;
    expect(raw).toContain(`In-Reply-To: ${step.messageId}`);
    expect(raw).toContain("Subject: Re: A role for Ada");
    expect(raw).toContain(`From: ${mail.candidate}`);
    expect((await deliver(owner, raw)).json().data.attributes).toEqual({ kind: "reply", processor_id: processorId });

    const empty = await t.app.inject({
      method: "POST",
      url: `/api/v1/local_mailbox/messages/${message.id}/candidate_reply`,
      headers: { ...owner.headers, "content-type": "application/json" },
      payload: JSON.stringify({ body: "" }),
    });
    expect(empty.statusCode).toBe(422);
  });
});

describe("with the local mailbox off", () => {
  it("is not there", async () => {
    const off = await startTestApp({ localMailbox: false });
    try {
      const user = await pipelineFixtures(off, "mailboxoff").newUser();
      const listed = await off.app.inject({
        method: "GET",
        url: "/api/v1/local_mailbox/messages",
        headers: user.headers,
      });
      expect(listed.statusCode).toBe(404);
    } finally {
      await off.close();
    }
  });
});
