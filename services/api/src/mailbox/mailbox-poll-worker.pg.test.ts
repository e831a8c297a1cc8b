import { type DovecotServer, startDovecot } from "@hirestream/outreach/testing/dovecot-server.ts";
import { answerMail } from "@hirestream/outreach/testing/inbound-mail.ts";
import { startTestSmtpServer, type TestSmtpServer } from "@hirestream/outreach/testing/test-smtp-server.ts";
import { PgBoss } from "pg-boss";
import { afterAll, beforeAll, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { runWithSentStep } from "../testing/run-with-sent-step.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";
import { workMailboxPolls } from "./mailbox-poll-worker.ts";

let t: TestApp;
let f: PipelineFixtures;
let imap: DovecotServer;
let smtp: TestSmtpServer;
let boss: PgBoss;
const relay = { username: "relay", password: "relay-secret" };
beforeAll(async () => {
  imap = await startDovecot();
  smtp = await startTestSmtpServer(relay);
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "imapworker");
  const { connectionString } = t.pool.options;
  if (connectionString === undefined) throw new Error("the test database has no connection string");
  boss = new PgBoss({ connectionString, max: 2, supervise: false, schedule: false });
  boss.on("error", () => undefined);
  await boss.start();
});
afterAll(async () => {
  await boss?.stop({ graceful: false });
  await t?.close();
  await smtp?.stop();
  await imap?.stop();
});

async function sentStep(owner: SignedIn, mailbox: string, imapPassword: string) {
  const candidate = `ada.${mailbox}`;
  await imap.addUser(mailbox, "imap-secret");
  const credential = async (ws: string) => {
    const added = await f.send(owner, "POST", `/workspaces/${ws}/providers`, {
      provider_type: "smtp",
      name: "Recruiting",
      email: mailbox,
      smtp: { host: "127.0.0.1", port: smtp.port, secure: false, ...relay },
      imap: { host: imap.host, port: imap.port, secure: false, username: mailbox, password: imapPassword },
    });
    expect(added.statusCode, added.body).toBe(201);
    return added.json().data.id as string;
  };
  const run = await runWithSentStep(t, f, owner, { mailbox, candidate, credential });
  await imap.append(
    mailbox,
    await answerMail({
      from: candidate,
      to: mailbox,
      subject: "Re: A role for Ada",
      text: "Yes, let us talk.",
      messageId: `<answer-to-${mailbox}>`,
      inReplyTo: run.step.messageId,
    }),
  );
  return run;
}

/** Resolves once `check` holds, looking again every 50 ms (rejects after 20 s). */
async function eventually(check: () => Promise<boolean>): Promise<void> {
  for (const started = Date.now(); !(await check()); ) {
    if (Date.now() - started > 20_000) throw new Error("not within 20 s");
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

it("polls every credential's mailbox, going on past one that fails, and queues one poll per credential and interval", async () => {
  const owner = await f.newUser();
  // Made first, so polled first: the open mailbox is polled after a failure.
  const refused = await sentStep(owner, "refused@acme.example", "not-the-password");
  const open = await sentStep(owner, "open@acme.example", "imap-secret");
  const errors: unknown[] = [];
  const deps = {
    db: t.db,
    pool: t.pool,
    store: t.store,
    clock: () => t.clock.now,
    readModels: t.readModels,
    appUrl: "http://localhost:3000",
  };
  // An interval of weeks: the ticks below fall in one throttle slot (and no second tick comes).
  const polling = await workMailboxPolls(boss, deps, {
    intervalSeconds: 2_000_000,
    pollingIntervalSeconds: 0.5,
    onError: (error) => errors.push(error),
  });
  try {
    await eventually(async () => {
      const { rows } = await t.pool.query(
        "select 1 from mailbox_cursors where (credential_id = $1 and last_error is not null) or (credential_id = $2 and cursor is not null)",
        [refused.credentialId, open.credentialId],
      );
      return rows.length === 2;
    });
    await t.reactions?.settle();
    const { rows } = await t.pool.query<{ stream_id: string }>(
      "select stream_id from events where type = 'ReplyReceived' and stream_id = any($1)",
      [[`processor-${refused.processorId}`, `processor-${open.processorId}`]],
    );
    expect(rows.map((row) => row.stream_id)).toEqual([`processor-${open.processorId}`]);
    expect(errors.map(String)).toEqual([expect.stringContaining(refused.credentialId)]);

    // A second outreach process ticking within the same interval queues no second poll.
    const second = await workMailboxPolls(boss, deps, { intervalSeconds: 2_000_000, pollingIntervalSeconds: 0.5 });
    await second.stop();
    const { rows: jobs } = await t.pool.query<{ n: number }>(
      "select count(*)::int as n from pgboss.job where name = 'mailbox-poll' and data->>'credentialId' = $1",
      [open.credentialId],
    );
    expect(jobs[0]?.n).toBe(1);
  } finally {
    await polling.stop();
  }
});
