import { type DovecotServer, startDovecot } from "@hirestream/outreach/testing/dovecot-server.ts";
import { answerMail, bounceReport } from "@hirestream/outreach/testing/inbound-mail.ts";
import { startTestSmtpServer, type TestSmtpServer } from "@hirestream/outreach/testing/test-smtp-server.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import type { Deps } from "../deps.ts";
import { runWithSentStep } from "../testing/run-with-sent-step.ts";
import type { SignedIn, TestApp } from "../testing/test-app.ts";
import { startTestApp } from "../testing/test-app.ts";
import { pollMailbox } from "./mailbox-poll.ts";

let t: TestApp;
let f: PipelineFixtures;
let imap: DovecotServer;
let smtp: TestSmtpServer;
const relay = { username: "relay", password: "relay-secret" };
beforeAll(async () => {
  imap = await startDovecot();
  smtp = await startTestSmtpServer(relay);
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "imappoll");
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
  await imap?.stop();
});

const deps = (): Deps => ({
  db: t.db,
  pool: t.pool,
  store: t.store,
  clock: () => t.clock.now,
  readModels: t.readModels,
  appUrl: "http://localhost:3000",
});

let mailboxes = 0;
/**
 * A workspace whose sequence sends from an SMTP credential (to the test SMTP server) that reads its
 * replies from a Dovecot mailbox, and one candidate whose first step went out through it.
 */
async function sentStep(owner: SignedIn, options: { imapPassword?: string } = {}) {
  mailboxes++;
  const mail = { mailbox: `jobs${mailboxes}@acme.example`, candidate: `ada${mailboxes}@example.com` };
  await imap.addUser(mail.mailbox, "imap-secret");
  const credential = async (ws: string) => {
    const added = await f.send(owner, "POST", `/workspaces/${ws}/providers`, {
      provider_type: "smtp",
      name: "Recruiting",
      email: mail.mailbox,
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false, ...relay },
      imap: {
        host: imap.host,
        port: imap.port,
        secure: false,
        username: mail.mailbox,
        password: options.imapPassword ?? "imap-secret",
      },
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().data.id as string;
  };
  const run = await runWithSentStep(t, f, owner, { ...mail, credential });
  return { ...run, ...mail };
}

const poll = (credentialId: string) => pollMailbox(deps(), { credentialId, providerType: "smtp" });

let answers = 0;
const answer = (
  run: { mailbox: string; candidate: string; step: { messageId: string } },
  text: string,
  headers: Record<string, string> = {},
) =>
  answerMail({
    from: run.candidate,
    to: run.mailbox,
    subject: "Re: A role for Ada",
    text,
    messageId: `<answer-${++answers}@example.com>`,
    inReplyTo: run.step.messageId,
    headers,
  });

async function eventTypes(processorId: string) {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ type: string }>(
    "select type from events where stream_id = $1 order by global_position",
    [`processor-${processorId}`],
  );
  return rows.map((row) => row.type);
}

async function runStatus(processorId: string) {
  await t.reactions?.settle();
  expect(await t.readModels.waitFor(await t.store.headPosition(), 10_000)).toBe(true);
  const { rows } = await t.pool.query<{ status: string }>(
    "select processor->>'status' as status from read.payloads where id = $1",
    [processorId],
  );
  return rows[0]?.status;
}

async function cursorRow(credentialId: string) {
  const { rows } = await t.pool.query<{ cursor: string | null; last_error: string | null }>(
    "select cursor, last_error from mailbox_cursors where credential_id = $1",
    [credentialId],
  );
  return rows[0];
}

describe("polling an SMTP credential's mailbox over IMAP", () => {
  it("records a reply on the run whose step it answers, which shows replied, and the next poll records nothing more", async () => {
    const run = await sentStep(await f.newUser());
    // The step went out through the credential's SMTP server.
    expect(smtp.received.some((mail) => mail.raw.toString().includes(`Message-ID: ${run.step.messageId}`))).toBe(true);
    await imap.append(run.mailbox, await answer(run, "Sounds good, call me on Thursday."));

    expect(await poll(run.credentialId)).toEqual({ status: "read", read: 1, recorded: 1, resynced: false });
    expect((await eventTypes(run.processorId)).filter((type) => type === "ReplyReceived")).toHaveLength(1);
    expect(await runStatus(run.processorId)).toBe("replied");

    const before = await eventTypes(run.processorId);
    expect(await poll(run.credentialId)).toEqual({ status: "read", read: 0, recorded: 0, resynced: false });
    expect(await eventTypes(run.processorId)).toEqual(before);
  });

  it("records an automatic answer as one and a delivery-status report as the step's bounce", async () => {
    const run = await sentStep(await f.newUser());
    await imap.append(run.mailbox, await answer(run, "I am away until Monday.", { "Auto-Submitted": "auto-replied" }));
    await imap.append(run.mailbox, bounceReport({ to: run.mailbox, originalMessageId: run.step.messageId }));

    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 2, recorded: 2 });
    expect((await eventTypes(run.processorId)).slice(-2)).toEqual(["AutoReplyReceived", "StepBounced"]);
    expect(await runStatus(run.processorId)).toBe("bounced");
  });

  it("reads the mailbox again from a recent window when its UIDVALIDITY changed, recording what is new and nothing twice", async () => {
    const run = await sentStep(await f.newUser());
    await imap.append(run.mailbox, await answer(run, "I am away until Monday.", { "Auto-Submitted": "auto-replied" }));
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 1, recorded: 1 });

    await imap.renumber(run.mailbox);
    await imap.append(run.mailbox, await answer(run, "Back now: yes, let us talk."));
    expect(await poll(run.credentialId)).toEqual({ status: "read", read: 2, recorded: 2, resynced: true });
    const types = await eventTypes(run.processorId);
    expect(types.filter((type) => type === "AutoReplyReceived")).toHaveLength(1);
    expect(types.filter((type) => type === "ReplyReceived")).toHaveLength(1);
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 0, resynced: false });
  });

  it("records nothing twice when a poll died after recording its mail and before storing its position", async () => {
    const run = await sentStep(await f.newUser());
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 0 });
    const before = await cursorRow(run.credentialId);
    await imap.append(run.mailbox, await answer(run, "Yes, let us talk."));
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 1, recorded: 1 });
    expect((await cursorRow(run.credentialId))?.cursor).not.toBe(before?.cursor);

    // What such a crash leaves: the mail recorded, the position where it was before the poll.
    await t.pool.query("update mailbox_cursors set cursor = $2 where credential_id = $1", [
      run.credentialId,
      before?.cursor,
    ]);
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 1 });
    expect((await eventTypes(run.processorId)).filter((type) => type === "ReplyReceived")).toHaveLength(1);
  });

  it("turns the credential to Error with the server's words when the mailbox refuses its password, and keeps its position", async () => {
    const run = await sentStep(await f.newUser(), { imapPassword: "not-the-password" });
    const outcome = await poll(run.credentialId);
    expect(outcome).toMatchObject({ status: "failed", error: expect.stringContaining("Authentication failed") });
    await t.reactions?.settle();
    expect(await t.readModels.waitFor(await t.store.headPosition(), 10_000)).toBe(true);
    const { rows } = await t.pool.query<{ health: string; fail_message: string | null }>(
      "select health, fail_message from read.credentials where id = $1",
      [run.credentialId],
    );
    expect(rows[0]?.health).toBe("Error");
    expect(rows[0]?.fail_message).toContain("Authentication failed");
    expect(await cursorRow(run.credentialId)).toEqual({
      cursor: null,
      last_error: expect.stringContaining("Authentication failed"),
    });
  });

  it("asks a mailbox that refused its password no more until the credential's health changes", async () => {
    const owner = await f.newUser();
    const run = await sentStep(owner, { imapPassword: "not-the-password" });
    const caughtUp = async () => expect(await t.readModels.waitFor(await t.store.headPosition(), 10_000)).toBe(true);
    expect(await poll(run.credentialId)).toMatchObject({ status: "failed" });
    await caughtUp();
    expect(await poll(run.credentialId)).toEqual({ status: "refused" });

    // A Test that passes (its SMTP server takes the sign-in) clears the Error: the next poll tries again.
    const tested = await f.send(owner, "PUT", `/workspaces/${run.ws}/providers/${run.credentialId}/test`, {});
    expect(tested.statusCode, tested.body).toBe(200);
    await caughtUp();
    expect(await poll(run.credentialId)).toMatchObject({ status: "failed" });
    await caughtUp();
    expect(await poll(run.credentialId)).toEqual({ status: "refused" });
  });

  it("opts the address out when the reply asks to stop", async () => {
    const run = await sentStep(await f.newUser());
    await imap.append(run.mailbox, await answer(run, "Please stop emailing me."));
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", recorded: 1 });
    await t.reactions?.settle();
    const { rows } = await t.pool.query<{ source: string }>(
      "select data->>'source' as source from events where type = 'AddressOptedOut' and data->>'address' = $1",
      [run.candidate],
    );
    expect(rows.map((row) => row.source)).toEqual(["reply"]);
  });

  it("takes nothing the mailbox itself wrote for an answer", async () => {
    const run = await sentStep(await f.newUser());
    const own = await answerMail({
      from: run.mailbox,
      to: run.candidate,
      subject: "Re: A role for Ada",
      text: "Following up by hand.",
      messageId: "<by-hand-1@acme.example>",
      inReplyTo: run.step.messageId,
    });
    await imap.append(run.mailbox, own);
    const sent = smtp.received.find((mail) => mail.raw.toString().includes(`Message-ID: ${run.step.messageId}`));
    if (sent) await imap.append(run.mailbox, sent.raw);
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", read: 2, recorded: 0 });
    expect(await eventTypes(run.processorId)).not.toContain("ReplyReceived");
  });

  it("polls a credential once at a time: a poll that finds another running reads nothing", async () => {
    const run = await sentStep(await f.newUser());
    await imap.append(run.mailbox, await answer(run, "Yes."));
    const holder = await t.pool.connect();
    try {
      await holder.query("select pg_advisory_lock(hashtextextended($1, 0))", [`mailbox-poll ${run.credentialId}`]);
      expect(await poll(run.credentialId)).toEqual({ status: "busy" });
      expect(await eventTypes(run.processorId)).not.toContain("ReplyReceived");
    } finally {
      await holder.query("select pg_advisory_unlock_all()");
      holder.release();
    }
    expect(await poll(run.credentialId)).toMatchObject({ status: "read", recorded: 1 });
  });

  it("has nothing to read for a credential without IMAP", async () => {
    const owner = await f.newUser();
    const ws = await f.createWorkspace(owner);
    const added = await f.send(owner, "POST", `/workspaces/${ws}/providers`, {
      provider_type: "smtp",
      name: "Send only",
      email: "send-only@acme.example",
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false, ...relay },
    });
    expect(added.statusCode, added.body).toBe(201);
    expect(await poll(added.json().data.id)).toEqual({ status: "no reader" });
  });
});
