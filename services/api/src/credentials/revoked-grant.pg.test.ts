import { type GmailApiServer, startGmailApiServer } from "@hirestream/outreach/testing/gmail-api-server.ts";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, expect, it } from "vitest";
import type { Deps } from "../deps.ts";
import { currentProcessor } from "../processors/processor-commands.ts";
import { sendStep } from "../processors/step-sender.ts";
import { outreachKit, runEvents, workerDeps } from "../processors/testing/outreach-kit.ts";
import { type MockSignInProvider, startMockGoogle } from "../testing/mock-sign-in-providers.ts";
import { signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { connectMailbox } from "./testing/connect-mailbox.ts";

// The connected mailbox is a local server speaking Gmail's API, taking the access tokens the local
// Google issued: revoking the grant there voids them and refuses every refresh.
const APP = "http://localhost:3000";
const REVOKED = "Token has been expired or revoked.";
let t: TestApp;
let google: MockSignInProvider;
let gmail: GmailApiServer;
beforeAll(async () => {
  google = await startMockGoogle();
  gmail = await startGmailApiServer({ tokens: google });
  t = await startTestApp({
    appUrl: APP,
    reactions: true,
    signInProviders: { google_oauth2: google.settings },
    mailApis: { gmail: gmail.url, graph: "http://127.0.0.1:9/v1.0" },
  });
});
afterAll(async () => {
  await t?.close();
  await gmail?.close();
  await google?.close();
});

/** The subjects of what the Gmail mailbox sent to `address`, in order. */
async function deliveredTo(address: string) {
  const sent = await Promise.all(gmail.mailbox.sent.map((message) => simpleParser(message.raw)));
  return sent
    .filter((mail) => mail.to && "text" in mail.to && mail.to.text.includes(address))
    .map((mail) => mail.subject);
}

const kit = outreachKit(() => t, "revoked");

/** The read models have every event appended so far. */
async function caughtUp() {
  const { rows } = await t.pool.query<{ position: string }>("select max(global_position) as position from events");
  expect(await t.readModels.waitFor(Number(rows[0]?.position ?? 0), 5000)).toBe(true);
}

async function status(processorId: string) {
  const state = await currentProcessor(workerDeps(t), processorId);
  return state.status === "started" ? state.run : null;
}

it("pauses every run sending through a mailbox whose grant was revoked, and Reconnect resumes exactly those, sending each step once", async () => {
  const owner = await signUpUser(t.app, "revoked-owner@example.com");
  const ws = await kit.f().createWorkspace(owner);
  google.setClaims({ sub: "google-revoked", email: "talent@example.com", email_verified: true });
  await connectMailbox({ app: t.app, appUrl: APP }, "google_oauth2", { user: owner }, { workspaceId: ws });
  await caughtUp();
  const credential = await t.db
    .selectFrom("read.credentials")
    .select(["id", "email"])
    .where("workspace_id", "=", ws)
    .executeTakeFirstOrThrow();
  const throughMailbox = { ws, credentialId: credential.id, email: credential.email };

  // Two runs wait for a later step; a third was paused by a person.
  const later = await kit.campaign(owner, [{ subject: "Later", delay: kit.notDueYet() }], { through: throughMailbox });
  const waiting = await kit.candidate(owner, later, "Grace");
  await kit.approve(owner, waiting.payload);
  const pausedByPerson = await kit.candidate(owner, later, "Edsger");
  await kit.approve(owner, pausedByPerson.payload);
  const pause = await kit.send(owner, "PUT", `${pausedByPerson.payload}/event`, { event_name: "event_pause" });
  expect(pause.statusCode, pause.body).toBe(200);
  await t.reactions?.settle();

  // The grant is revoked, and the token got when connecting has expired: the next call must refresh.
  google.refuseRefresh(REVOKED);
  t.clock.now = new Date(t.clock.now.getTime() + 2 * 3600_000);
  const now = await kit.campaign(owner, [{ subject: "Hello {{first_name}}" }], { through: throughMailbox });
  const due = await kit.candidate(owner, now, "Ada");
  await kit.approve(owner, due.payload);
  await t.reactions?.settle();

  for (const run of [due, waiting]) {
    const paused = await status(run.processorId);
    expect(paused).toMatchObject({ status: "paused", pausedFor: credential.id });
    expect(paused?.statusMessage).toBe(
      "Paused: the sign-in of the mailbox talent@example.com was revoked or has expired. Reconnect it in Integrations to go on sending.",
    );
    const types = (await runEvents(t, run.processorId)).map((event) => event.type);
    expect(types).not.toContain("StepFailed");
    expect(types).not.toContain("StepSent");
    expect((await runEvents(t, run.processorId)).at(-1)).toMatchObject({ type: "ProcessorPaused", data: { by: null } });
  }
  expect(await deliveredTo(due.email)).toEqual([]);
  await caughtUp();
  const failed = await t.db
    .selectFrom("read.credentials")
    .select(["health", "fail_message"])
    .where("id", "=", credential.id)
    .executeTakeFirstOrThrow();
  expect(failed).toEqual({
    health: "Error",
    fail_message: `The mailbox's sign-in was revoked or has expired: ${REVOKED}`,
  });

  // Reconnected: the runs its refusal paused go on, resumed by who reconnected it; the person's pause stays.
  google.refuseRefresh(null);
  await connectMailbox(
    { app: t.app, appUrl: APP },
    "google_oauth2",
    { user: owner },
    { workspaceId: ws, credentialId: credential.id },
  );
  await t.reactions?.settle();
  for (const run of [due, waiting]) {
    const resumed = (await runEvents(t, run.processorId)).find((event) => event.type === "ProcessorResumed");
    expect(resumed).toMatchObject({ data: { by: owner.userId } });
  }
  expect(await status(waiting.processorId)).toMatchObject({ status: "sending" });
  expect(await status(pausedByPerson.processorId)).toMatchObject({
    status: "paused",
    statusMessage: "Paused by a user",
  });
  expect(await status(due.processorId)).toMatchObject({ status: "finished" });
  expect(await deliveredTo(due.email)).toEqual(["Hello Ada"]);
  const types = (await runEvents(t, due.processorId)).map((event) => event.type);
  expect(types.filter((type) => type === "StepSent")).toHaveLength(1);
});

it("sends a step whose draft was made before the grant was revoked once, after Reconnect, from that draft", async () => {
  const owner = await signUpUser(t.app, "revoked-draft@example.com");
  const ws = await kit.f().createWorkspace(owner);
  google.setClaims({ sub: "google-draft", email: "drafts@example.com", email_verified: true });
  await connectMailbox({ app: t.app, appUrl: APP }, "google_oauth2", { user: owner }, { workspaceId: ws });
  await caughtUp();
  const credential = await t.db
    .selectFrom("read.credentials")
    .select(["id", "email"])
    .where("workspace_id", "=", ws)
    .executeTakeFirstOrThrow();
  // Ten days' delay: the step waits, and this test plays the worker.
  const where = await kit.campaign(owner, [{ subject: "Drafted first", delay: kit.notDueYet() }], {
    through: { ws, credentialId: credential.id, email: credential.email },
  });
  const run = await kit.candidate(owner, where, "Barbara");
  await kit.approve(owner, run.payload);
  await t.reactions?.settle();
  const worker: Deps = {
    ...workerDeps(t),
    signInProviders: { google_oauth2: google.settings },
    mailApis: { gmail: gmail.url, graph: "http://127.0.0.1:9/v1.0" },
  };
  const job = async () => {
    const scheduled = (await status(run.processorId))?.scheduled;
    if (!scheduled) throw new Error("nothing scheduled");
    return { processorId: run.processorId, ...scheduled };
  };

  // The draft is made and recorded; then the token expires and the grant is found revoked at the send.
  const outcome = await sendStep(worker, await job(), {
    at: (point) => {
      if (point !== "draft-recorded") return;
      google.refuseRefresh(REVOKED);
      t.clock.now = new Date(t.clock.now.getTime() + 2 * 3600_000);
    },
  });
  expect(outcome).toBe("paused");
  expect(await status(run.processorId)).toMatchObject({ status: "paused", inFlight: { position: 1 } });
  expect(await deliveredTo(run.email)).toEqual([]);

  google.refuseRefresh(null);
  await connectMailbox(
    { app: t.app, appUrl: APP },
    "google_oauth2",
    { user: owner },
    { workspaceId: ws, credentialId: credential.id },
  );
  await t.reactions?.settle();
  expect(await sendStep(worker, await job())).toBe("sent");
  expect(await deliveredTo(run.email)).toEqual(["Drafted first"]);
  const types = (await runEvents(t, run.processorId)).map((event) => event.type);
  expect(types.filter((type) => type === "StepDrafted")).toHaveLength(1);
  expect(types.filter((type) => type === "StepSent")).toHaveLength(1);
});

it("pauses the runs sending through a mailbox whose grant a poll of its mail found revoked", async () => {
  const owner = await signUpUser(t.app, "revoked-poll@example.com");
  const ws = await kit.f().createWorkspace(owner);
  google.setClaims({ sub: "google-poll", email: "polled@example.com", email_verified: true });
  await connectMailbox({ app: t.app, appUrl: APP }, "google_oauth2", { user: owner }, { workspaceId: ws });
  await caughtUp();
  const credential = await t.db
    .selectFrom("read.credentials")
    .select(["id", "email"])
    .where("workspace_id", "=", ws)
    .executeTakeFirstOrThrow();
  const later = await kit.campaign(owner, [{ subject: "Later", delay: kit.notDueYet() }], {
    through: { ws, credentialId: credential.id, email: credential.email },
  });
  const run = await kit.candidate(owner, later, "Alan");
  await kit.approve(owner, run.payload);
  await t.reactions?.settle();
  await caughtUp();

  google.refuseRefresh(REVOKED);
  t.clock.now = new Date(t.clock.now.getTime() + 2 * 3600_000);
  const polls = (await t.reactions?.readMailboxes()) ?? [];
  expect(polls).toContainEqual({
    status: "failed",
    error: `The mailbox's sign-in was revoked or has expired: ${REVOKED}`,
  });
  expect(await status(run.processorId)).toMatchObject({ status: "paused", pausedFor: credential.id });
  await caughtUp();
  const failed = await t.db
    .selectFrom("read.credentials")
    .select(["health", "fail_message"])
    .where("id", "=", credential.id)
    .executeTakeFirstOrThrow();
  expect(failed).toEqual({
    health: "Error",
    fail_message: `The mailbox's sign-in was revoked or has expired: ${REVOKED}`,
  });
  google.refuseRefresh(null);
});
