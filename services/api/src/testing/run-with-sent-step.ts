// For the mailbox tests: a workspace with a `local` credential (or one given), a sequence sending from it, a
// project whose first stage starts it, and one candidate whose first step the worker sent.
import { randomUUID } from "node:crypto";
import { answerMail } from "@hirestream/outreach/testing/inbound-mail.ts";
import { expect } from "vitest";
import type { PipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import type { SignedIn, TestApp } from "./test-app.ts";

export async function localCredential(f: PipelineFixtures, owner: SignedIn, ws: string, email: string) {
  const added = await f.send(owner, "POST", `/workspaces/${ws}/providers`, {
    provider_type: "local",
    name: "Recruiting",
    email,
  });
  expect(added.statusCode, added.body).toBe(201);
  return added.json().data.id as string;
}

export async function runWithSentStep(
  t: TestApp,
  f: PipelineFixtures,
  owner: SignedIn,
  options: {
    mailbox: string;
    candidate: string;
    onResponse?: Readonly<Record<number, number>>;
    /** The project's visibility to the workspace (visible when not given). */
    visible?: boolean;
    /** Stages besides the first that start the same sequence, by position. */
    alsoStarting?: readonly number[];
    /** The credential the sequence sends from, added to the new workspace (a local one when not given). */
    credential?: (ws: string) => Promise<string>;
    /** The sequence's Track opens (on when not given). */
    trackOpens?: boolean;
  },
) {
  const ws = await f.createWorkspace(owner);
  const credentialId = await (options.credential?.(ws) ?? localCredential(f, owner, ws, options.mailbox));
  const sequenceId = randomUUID();
  const created = await f.send(owner, "POST", `/workspaces/${ws}/sequences`, {
    data: {
      type: "sequence",
      id: sequenceId,
      attributes: {
        name: "Backend",
        ...(options.trackOpens === undefined ? {} : { track_opens: options.trackOpens }),
        steps: [
          { template_subject: "A role for {{first_name}}", template_body: "<p>Hello</p>", provider_id: credentialId },
          { template_subject: "Any news?", template_body: "<p>Any news?</p>", provider_id: credentialId },
        ],
      },
    },
  });
  expect(created.statusCode, created.body).toBe(201);
  const project = await f.createProject(owner, ws, {
    sequences: Object.fromEntries([0, ...(options.alsoStarting ?? [])].map((position) => [position, sequenceId])),
    ...(options.onResponse ? { onResponse: options.onResponse } : {}),
    ...(options.visible === undefined ? {} : { visible: options.visible }),
  });
  const person = await f.addPerson(owner, { first_name: "Ada", last_name: "Lovelace", email: options.candidate }, ws);
  await f.assign(owner, project, [person.id]);
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ stream_id: string }>(
    "select stream_id from events where type = 'ProcessorStarted' and data->>'projectId' = $1 order by global_position limit 1",
    [project.id],
  );
  const processorId = rows[0]?.stream_id.replace("processor-", "") ?? "";
  const approved = await f.send(
    owner,
    "PUT",
    `/workspaces/${ws}/projects/${project.id}/payloads/${processorId}/event`,
    {
      event_name: "event_send",
    },
  );
  expect(approved.statusCode, approved.body).toBe(200);
  // The worker sends the step as it does in production: scheduled by the reactions, sent when due.
  await t.reactions?.settle();
  const sent = await t.pool.query<{ message_id: string; position: string }>(
    `select data->>'messageId' as message_id, global_position as position from events
     where type = 'StepSent' and stream_id = $1 order by global_position limit 1`,
    [`processor-${processorId}`],
  );
  const row = sent.rows[0];
  if (row === undefined) throw new Error("the first step was not sent");
  const step = { messageId: row.message_id, position: Number(row.position) };
  // The step is in the messages read model before anything answers it, as it is long before a real reply.
  expect(await t.readModels.waitFor(step.position, 10_000)).toBe(true);
  return { ws, credentialId, project, person, processorId, step };
}

let answers = 0;

/** Delivers the candidate's answer to a step into the local mailbox, as the inbound call takes mail, and lets reactions run. */
export async function deliverAnswer(
  t: TestApp,
  owner: SignedIn,
  mail: { mailbox: string; candidate: string },
  inReplyTo: string,
  options: { automatic?: boolean } = {},
) {
  // The local mailbox stamps a step with the database's clock; the answer arrives after it. The
  // clock goes back afterwards: a later step scheduled on a clock ahead of the database's would
  // not be due yet.
  const before = t.clock.now;
  t.clock.now = new Date(Date.now() + 60_000);
  answers += 1;
  const raw = await answerMail({
    from: mail.candidate,
    to: mail.mailbox,
    subject: "Re: A role for Ada",
    text: "Yes, let us talk.",
    messageId: `<answer-${answers}-${randomUUID()}@example.com>`,
    inReplyTo,
    ...(options.automatic ? { headers: { "Auto-Submitted": "auto-replied" } } : {}),
  });
  const delivered = await t.app.inject({
    method: "POST",
    url: "/api/v1/local_mailbox/inbound",
    headers: { ...owner.headers, "content-type": "message/rfc822" },
    payload: raw,
  });
  expect(delivered.statusCode, delivered.body).toBe(202);
  await t.reactions?.settle();
  t.clock.now = before;
}
