import { randomUUID } from "node:crypto";
import { answerMail } from "@hirestream/outreach/testing/inbound-mail.ts";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  candidateUrl,
  type PipelineFixtures,
  pipelineFixtures,
  stageOf,
} from "../candidacies/testing/pipeline-fixtures.ts";
import { runWithSentStep } from "../testing/run-with-sent-step.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "optout");
});
afterAll(async () => {
  await t.close();
});

let count = 0;
const mailboxes = () => {
  count += 1;
  return { a: `talent${count}a@acme.example`, b: `talent${count}b@globex.example`, who: `ada.${count}` };
};

const get = (user: SignedIn, url: string) =>
  t.app.inject({ method: "GET", url: `/api/v1${url}`, headers: user.headers });
const send = (user: SignedIn, method: "PUT" | "DELETE", url: string, payload?: unknown) =>
  t.app.inject({
    method,
    url: `/api/v1${url}`,
    headers: { ...user.headers, ...(payload === undefined ? {} : { "content-type": "application/json" }) },
    ...(payload === undefined ? {} : { payload: JSON.stringify(payload) }),
  });

/** The opt-out URL of the last message the local mailbox holds for `to`, read from its List-Unsubscribe header. */
async function optOutUrlSentTo(owner: SignedIn, to: string) {
  const listed = await get(owner, `/local_mailbox/messages?to=${encodeURIComponent(to)}`);
  expect(listed.statusCode, listed.body).toBe(200);
  const id: string = listed.json().data[0].id;
  const raw = await get(owner, `/local_mailbox/messages/${id}/raw`);
  const parsed = await simpleParser(raw.rawPayload);
  const lineOf = (key: string) => parsed.headerLines.find((each) => each.key === key)?.line ?? "";
  expect(lineOf("list-unsubscribe-post")).toBe("List-Unsubscribe-Post: List-Unsubscribe=One-Click");
  const line = lineOf("list-unsubscribe");
  const url = /<(https?:\/\/[^>]+)>/.exec(line)?.[1];
  if (url === undefined) throw new Error(`no List-Unsubscribe URL in ${line}`);
  // The visible link is the same, in both parts.
  expect(parsed.html).toContain(`href="${url}"`);
  expect(parsed.text).toContain(url);
  return new URL(url);
}

async function eventsOf(stream: string) {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ type: string; data: Record<string, unknown> }>(
    "select type, data from events where stream_id = $1 order by global_position",
    [stream],
  );
  return rows;
}

const oneClick = (url: URL) =>
  t.app.inject({
    method: "POST",
    url: url.pathname,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    payload: "List-Unsubscribe=One-Click",
  });

/** The payload's row as the Message tab's replica and list read it. */
async function payloadOf(processorId: string) {
  await t.reactions?.settle();
  const { rows } = await t.pool.query<{ status: string; processor: Record<string, unknown> }>(
    "select status, processor from read.payloads where id = $1",
    [processorId],
  );
  return rows[0];
}

describe("opting out by the message's one-click link", () => {
  it("stops the run and the address's runs in other workspaces, refuses new steps, and sends again once cleared", async () => {
    const boxes = mailboxes();
    const owner = await f.newUser();
    const other = await f.newUser();
    // The same candidate known in two teams' workspaces, their address written in another case.
    const first = await runWithSentStep(t, f, owner, {
      mailbox: boxes.a,
      candidate: `${boxes.who}.Lovelace@Example.com`,
      alsoStarting: [1],
    });
    const second = await runWithSentStep(t, f, other, {
      mailbox: boxes.b,
      candidate: `${boxes.who}.lovelace@example.com`,
    });
    const url = await optOutUrlSentTo(owner, `${boxes.who}.Lovelace@Example.com`);
    expect(url.protocol).toMatch(/^https?:$/);
    expect(url.pathname).toMatch(/^\/u\/[A-Za-z0-9_-]{22}\.[A-Za-z0-9_-]{16}$/);
    // The link names no address.
    expect(url.toString().toLowerCase()).not.toContain(boxes.who);

    // A mail scanner fetching the link opts no one out: the page only asks.
    const page = await t.app.inject({ method: "GET", url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.headers["content-type"]).toContain("text/html");
    expect(page.body).toContain("Press the button to stop every email sequence to a•••@example.com.");
    expect(page.body).toContain('<form method="post">');
    expect(page.body).not.toContain("<script");

    const clicked = await oneClick(url);
    expect(clicked.statusCode, clicked.body).toBe(200);
    expect(clicked.body).toBe("");

    for (const run of [first, second]) {
      const events = await eventsOf(`processor-${run.processorId}`);
      expect(events.at(-1)).toMatchObject({
        type: "ProcessorStopped",
        data: { reason: "opted_out", statusMessage: "Stopped: the candidate opted out of these emails" },
      });
    }
    const payload = await payloadOf(first.processorId);
    expect(payload).toMatchObject({
      status: "inactive",
      processor: { status: "inactive", status_message: "Stopped: the candidate opted out of these emails" },
    });
    // Both people are marked, wherever they are seen.
    for (const [user, person] of [
      [owner, first.person],
      [other, second.person],
    ] as const) {
      const { rows } = await t.pool.query<{ opted_out_at: Date | null; opt_out_source: string | null }>(
        "select opted_out_at, opt_out_source from read.people where id = $1",
        [person.id],
      );
      expect(rows[0]?.opted_out_at).not.toBeNull();
      expect(rows[0]?.opt_out_source).toBe("one_click");
      expect((await get(user, `/people/${person.id}`)).statusCode).toBe(200);
    }

    // Someone added with the address afterwards is marked as well.
    const elsewhere = await f.createWorkspace(other);
    const later = await f.addPerson(
      other,
      { first_name: "Ada", email: `${boxes.who}.LOVELACE@example.com` },
      elsewhere,
    );
    await t.reactions?.settle();
    const { rows: laterRows } = await t.pool.query<{ opt_out_source: string | null }>(
      "select opt_out_source from read.people where id = $1",
      [later.id],
    );
    expect(laterRows[0]?.opt_out_source).toBe("one_click");

    // A new run for the address fails its step, saying why, and mails no one.
    const candidate = candidateUrl(first.project, first.person.id);
    const moved = await send(owner, "PUT", `${candidate}/move`, { stage_id: stageOf(first.project, 1).id });
    expect(moved.statusCode, moved.body).toBe(200);
    await t.reactions?.settle();
    const { rows: started } = await t.pool.query<{ stream_id: string }>(
      "select stream_id from events where type = 'ProcessorStarted' and data->>'projectId' = $1 order by global_position",
      [first.project.id],
    );
    const newRun = started[1]?.stream_id.replace("processor-", "") ?? "";
    const payloadUrl = `/workspaces/${first.ws}/projects/${first.project.id}/payloads/${newRun}/event`;
    expect((await send(owner, "PUT", payloadUrl, { event_name: "event_send" })).statusCode).toBe(200);
    expect(await payloadOf(newRun)).toMatchObject({
      status: "failed",
      processor: {
        fail_message:
          "The candidate opted out of these emails: nothing is sent until a member of the workspace clears the opt-out on the person's page",
      },
    });
    expect((await eventsOf(`processor-${newRun}`)).map((event) => event.type)).not.toContain("StepSent");

    // Only the workspace's own members clear it, and not as viewers; the other workspace stays opted out.
    expect((await send(other, "DELETE", `/workspaces/${first.ws}/people/${first.person.id}/opt_out`)).statusCode).toBe(
      404,
    );
    const viewer = await f.newUser();
    await f.join(first.ws, viewer, "viewer");
    expect((await send(viewer, "DELETE", `/workspaces/${first.ws}/people/${first.person.id}/opt_out`)).statusCode).toBe(
      403,
    );
    const cleared = await send(owner, "DELETE", `/workspaces/${first.ws}/people/${first.person.id}/opt_out`);
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().data.attributes).toEqual({
      workspace_id: first.ws,
      addresses: [`${boxes.who}.lovelace@example.com`],
      cleared: true,
    });
    await t.reactions?.settle();
    const { rows: clearances } = await t.pool.query<{ workspace_id: string }>(
      "select workspace_id from read.opt_out_clearances where address = $1",
      [`${boxes.who}.lovelace@example.com`],
    );
    expect(clearances.map((row) => row.workspace_id)).toEqual([first.ws]);

    // Retry: the step goes now.
    expect((await send(owner, "PUT", payloadUrl, { event_name: "event_send" })).statusCode).toBe(200);
    const after = await eventsOf(`processor-${newRun}`);
    expect(after.map((event) => event.type)).toContain("StepSent");

    // The second workspace's member finds nothing of the first's to clear, and their own clearance is theirs alone.
    expect(
      (await send(other, "DELETE", `/workspaces/${second.ws}/people/${second.person.id}/opt_out`)).statusCode,
    ).toBe(200);
  });

  it("answers a link cut short or made for another run with a page that says it is not valid, changing nothing", async () => {
    const boxes = mailboxes();
    const owner = await f.newUser();
    const run = await runWithSentStep(t, f, owner, { mailbox: boxes.a, candidate: `${boxes.who}@example.com` });
    const url = await optOutUrlSentTo(owner, `${boxes.who}@example.com`);
    const token = url.pathname.split("/").at(-1) ?? "";
    const [id, tag] = token.split(".");
    const forged = [
      `/api/v1/opt_outs/${id}`,
      `/api/v1/opt_outs/${id}.${"A".repeat(16)}`,
      `/u/${id}.${"A".repeat(16)}`,
      `/api/v1/opt_outs/${Buffer.from(randomUUID().replaceAll("-", ""), "hex").toString("base64url")}.${tag}`,
    ];
    for (const path of forged) {
      const shown = await t.app.inject({ method: "GET", url: path });
      expect(shown.statusCode).toBe(404);
      expect(shown.body).toContain("This opt-out link is not valid");
      const posted = await t.app.inject({
        method: "POST",
        url: path,
        headers: { "content-type": "application/x-www-form-urlencoded" },
        payload: "List-Unsubscribe=One-Click",
      });
      expect(posted.statusCode).toBe(404);
    }
    const { rows } = await t.pool.query(
      "select 1 from events where type = 'AddressOptedOut' and data->>'address' = $1",
      [`${boxes.who}@example.com`],
    );
    expect(rows).toEqual([]);
    const stopped = (await eventsOf(`processor-${run.processorId}`)).filter(
      (event) => event.type === "ProcessorStopped",
    );
    expect(stopped).toEqual([]);
  });

  it("opts out by the page's button, answering a page that says so", async () => {
    const boxes = mailboxes();
    const owner = await f.newUser();
    const run = await runWithSentStep(t, f, owner, { mailbox: boxes.a, candidate: `${boxes.who}@example.com` });
    const url = await optOutUrlSentTo(owner, `${boxes.who}@example.com`);
    const confirmed = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": "application/x-www-form-urlencoded" },
      payload: "confirm=yes",
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.body).toContain("You have opted out");
    expect(confirmed.body).toContain(`No more sequence emails will be sent to a•••@example.com.`);
    const { rows } = await t.pool.query<{ data: { source: string; processorId: string } }>(
      "select data from events where type = 'AddressOptedOut' and data->>'address' = $1",
      [`${boxes.who}@example.com`],
    );
    expect(rows.map((row) => [row.data.source, row.data.processorId])).toEqual([["link", run.processorId]]);
  });
});

describe("a one-click POST sent as a multipart form", () => {
  it("opts out and answers 200 with an empty body, as the form-encoded one does", async () => {
    const boxes = mailboxes();
    const owner = await f.newUser();
    await runWithSentStep(t, f, owner, { mailbox: boxes.a, candidate: `${boxes.who}@example.com` });
    const url = await optOutUrlSentTo(owner, `${boxes.who}@example.com`);
    const boundary = "----hirestream-test";
    const posted = await t.app.inject({
      method: "POST",
      url: url.pathname,
      headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
      payload: `--${boundary}\r\nContent-Disposition: form-data; name="List-Unsubscribe"\r\n\r\nOne-Click\r\n--${boundary}--\r\n`,
    });
    expect(posted.statusCode).toBe(200);
    expect(posted.body).toBe("");
    const { rows } = await t.pool.query<{ source: string }>(
      "select data->>'source' as source from events where type = 'AddressOptedOut' and data->>'address' = $1",
      [`${boxes.who}@example.com`],
    );
    expect(rows.map((row) => row.source)).toEqual(["one_click"]);
  });
});

describe("opting out by a reply", () => {
  async function reply(owner: SignedIn, mail: { mailbox: string; candidate: string }, inReplyTo: string, text: string) {
    const before = t.clock.now;
    t.clock.now = new Date(Date.now() + 60_000);
    const raw = await answerMail({
      from: mail.candidate,
      to: mail.mailbox,
      subject: "Re: A role for Ada",
      text,
      messageId: `<reply-${randomUUID()}@example.com>`,
      inReplyTo,
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

  it("opts the address out when the candidate asks to stop, and not when they ask for more", async () => {
    const boxes = mailboxes();
    const owner = await f.newUser();
    const keen = { mailbox: boxes.a, candidate: `${boxes.who}.keen@example.com` };
    const done = { mailbox: boxes.b, candidate: `${boxes.who}.done@example.com` };
    const keenRun = await runWithSentStep(t, f, owner, keen);
    const doneRun = await runWithSentStep(t, f, owner, done);
    await reply(owner, keen, keenRun.step.messageId, "Please don't stop sending me roles like this one!");
    await reply(
      owner,
      done,
      doneRun.step.messageId,
      "I've accepted an offer. Please remove me from your mailing list.",
    );
    const { rows } = await t.pool.query<{ data: { address: string; source: string } }>(
      "select data from events where type = 'AddressOptedOut' and data->>'address' like $1",
      [`${boxes.who}.%`],
    );
    expect(rows.map((row) => [row.data.address, row.data.source])).toEqual([[done.candidate, "reply"]]);
    const { rows: people } = await t.pool.query<{ id: string; opted_out_at: Date | null }>(
      "select id, opted_out_at from read.people where id = any($1) order by email",
      [[keenRun.person.id, doneRun.person.id]],
    );
    expect(people.map((person) => [person.id, person.opted_out_at !== null])).toEqual([
      [doneRun.person.id, true],
      [keenRun.person.id, false],
    ]);
  });
});
