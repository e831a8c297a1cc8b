import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type PipelineFixtures, pipelineFixtures } from "../candidacies/testing/pipeline-fixtures.ts";
import { runTags } from "../opt-outs/opt-out-token.ts";
import { runWithSentStep } from "../testing/run-with-sent-step.ts";
import { type SignedIn, startTestApp, type TestApp } from "../testing/test-app.ts";
import { PIXEL_GIF } from "./opens.routes.ts";
import { pixelUrl } from "./pixel-token.ts";

let t: TestApp;
let f: PipelineFixtures;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
  f = pipelineFixtures(t, "opens");
});
afterAll(async () => {
  await t.close();
});

const safari =
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15";

let count = 0;
/** A workspace whose sequence sent its first step to a candidate, and the pixel in that message. */
async function sentCampaign(owner: SignedIn, options: { trackOpens?: boolean } = {}) {
  count += 1;
  const mail = { mailbox: `talent${count}@acme.example`, candidate: `ada.${count}@example.com` };
  const run = await runWithSentStep(t, f, owner, { ...mail, ...options });
  const listed = await f.read(owner, `/local_mailbox/messages?to=${encodeURIComponent(mail.candidate)}`);
  expect(listed.statusCode, listed.body).toBe(200);
  const id: string = listed.json().data[0].id;
  const raw = await f.read(owner, `/local_mailbox/messages/${id}/raw`);
  const parsed = await simpleParser(raw.rawPayload);
  const src = /<img\s+src="([^"]+)"/.exec(parsed.html || "")?.[1];
  const { rows } = await t.pool.query<{ sent_at: string }>(
    "select data->>'sentAt' as sent_at from events where type = 'StepSent' and stream_id = $1 order by global_position limit 1",
    [`processor-${run.processorId}`],
  );
  const sentAt = new Date(rows[0]?.sent_at ?? "");
  return { ...run, mail, pixel: src === undefined ? null : new URL(src), sentAt };
}

/**
 * Fetches a pixel as a mail program would: no session, a User-Agent, from an address, at a time.
 * The clock goes back afterwards: a step scheduled on a clock ahead of the database's would not be due.
 */
async function fetchPixel(path: string, options: { userAgent?: string; from?: string; at?: Date } = {}) {
  const before = t.clock.now;
  if (options.at) t.clock.now = options.at;
  let answer: Awaited<ReturnType<typeof t.app.inject>>;
  try {
    answer = await t.app.inject({
      method: "GET",
      url: path,
      headers: options.userAgent === undefined ? {} : { "user-agent": options.userAgent },
      remoteAddress: options.from ?? "203.0.113.7",
    });
  } finally {
    t.clock.now = before;
  }
  expect(answer.statusCode).toBe(200);
  expect(answer.headers["content-type"]).toBe("image/gif");
  expect(answer.headers["cache-control"]).toContain("no-store");
  expect(answer.rawPayload.equals(PIXEL_GIF)).toBe(true);
  return answer;
}

async function opensOf(processorId: string) {
  const { rows } = await t.pool.query<{ data: Record<string, unknown> }>(
    "select data from events where type = 'MessageOpened' and stream_id = $1 order by global_position",
    [`processor-${processorId}`],
  );
  return rows.map((row) => row.data);
}

/** Lets the projector take in everything appended so far. */
async function projected() {
  const { rows } = await t.pool.query<{ position: string }>("select max(global_position) as position from events");
  expect(await t.readModels.waitFor(Number(rows[0]?.position ?? 0), 10_000)).toBe(true);
}

async function statsOf(owner: SignedIn, ws: string, projectId: string) {
  await projected();
  const answer = await f.read(owner, `/workspaces/${ws}/projects/${projectId}`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json().data.meta.stats;
}

async function csvOf(owner: SignedIn, path: string) {
  await projected();
  const answer = await f.read(owner, path);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.body.trimEnd().split("\r\n");
}

const hourAfter = (at: Date) => new Date(at.getTime() + 3_600_000);

describe("a sent step's tracking pixel", () => {
  it("is a 1×1 GIF at the app's URL, and the thread shows the message without it", async () => {
    const owner = await f.newUser();
    const sent = await sentCampaign(owner);
    expect(sent.pixel?.origin).toBe("http://localhost:3000");
    expect(sent.pixel?.pathname).toMatch(/^\/o\/[A-Za-z0-9_-]{22}\.1\.[A-Za-z0-9_-]{16}$/);
    expect(PIXEL_GIF.subarray(0, 6).toString("latin1")).toBe("GIF89a");
    expect([PIXEL_GIF.readUInt16LE(6), PIXEL_GIF.readUInt16LE(8)]).toEqual([1, 1]);
    await projected();
    const { rows } = await t.pool.query<{ body_untracked: string; tracked: boolean }>(
      "select body_untracked, tracked from read.messages where processor_id = $1",
      [sent.processorId],
    );
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tracked).toBe(true);
    expect(rows[0]?.body_untracked).not.toContain("<img");
  });

  it("counts a person's open once, however often they fetch it, in the stats, both CSVs and the payload", async () => {
    const owner = await f.newUser();
    const sent = await sentCampaign(owner);
    const path = sent.pixel?.pathname ?? "";
    await fetchPixel(path, { userAgent: safari, at: hourAfter(sent.sentAt) });
    await fetchPixel(path, { userAgent: safari, at: hourAfter(hourAfter(sent.sentAt)) });

    const opens = await opensOf(sent.processorId);
    expect(opens).toEqual([expect.objectContaining({ kind: "human", position: 1, messageId: sent.step.messageId })]);
    expect(await statsOf(owner, sent.ws, sent.project.id)).toMatchObject({ contacted: 1, open_rate: 1 });
    const projectCsv = await csvOf(owner, `/workspaces/${sent.ws}/projects/${sent.project.id}/export_analytics`);
    expect(projectCsv[1]?.split(",").at(-1)).toBe("100");
    const workspaceCsv = await csvOf(owner, `/workspaces/${sent.ws}/export_analytics`);
    expect(workspaceCsv[1]?.split(",").at(-1)).toBe("100");
    const stageId = sent.project.stages[0]?.id ?? "";
    const messaging = await csvOf(
      owner,
      `/workspaces/${sent.ws}/projects/${sent.project.id}/export_analytics?stage_id=${stageId}`,
    );
    expect(messaging[0]?.split(",").at(-1)).toBe("Opened");
    expect(messaging[1]?.split(",").at(-1)).toBe("Yes");
    const { rows } = await t.pool.query<{ opens: string }>("select opens from read.payloads where id = $1", [
      sent.processorId,
    ]);
    expect(rows[0]?.opens).toBe("opened");
  });

  it("records a mail proxy's or a scanner's fetch as a machine's, and the rate leaves it out", async () => {
    const owner = await f.newUser();
    const sent = await sentCampaign(owner);
    const path = sent.pixel?.pathname ?? "";
    // Apple Mail Privacy Protection, on delivery, then again later from Apple's network.
    await fetchPixel(path, { userAgent: "Mozilla/5.0", at: new Date(sent.sentAt.getTime() + 2_000) });
    await fetchPixel(path, { userAgent: safari, from: "17.58.63.1", at: hourAfter(sent.sentAt) });

    expect(await opensOf(sent.processorId)).toEqual([
      expect.objectContaining({ kind: "machine", opener: "apple_mail_privacy", position: 1 }),
    ]);
    expect(await statsOf(owner, sent.ws, sent.project.id)).toMatchObject({ contacted: 1, open_rate: 0 });
    const { rows } = await t.pool.query<{ opened_at: Date | null; machine_opener: string | null }>(
      "select opened_at, machine_opener from read.messages where processor_id = $1",
      [sent.processorId],
    );
    expect(rows).toEqual([{ opened_at: null, machine_opener: "apple_mail_privacy" }]);
    const payload = await t.pool.query<{ opens: string }>("select opens from read.payloads where id = $1", [
      sent.processorId,
    ]);
    expect(payload.rows[0]?.opens).toBe("not_opened");
  });

  it("takes a browser's fetch within seconds of delivery for a scanner's", async () => {
    const owner = await f.newUser();
    const sent = await sentCampaign(owner);
    await fetchPixel(sent.pixel?.pathname ?? "", { userAgent: safari, at: new Date(sent.sentAt.getTime() + 3_000) });
    expect(await opensOf(sent.processorId)).toEqual([
      expect.objectContaining({ kind: "machine", opener: "soon_after_delivery" }),
    ]);
    expect(await statsOf(owner, sent.ws, sent.project.id)).toMatchObject({ open_rate: 0 });
  });

  it("answers the same GIF for a token that names nothing, and records nothing", async () => {
    const owner = await f.newUser();
    const sent = await sentCampaign(owner);
    const path = sent.pixel?.pathname ?? "";
    const [runId, , tag] = path.replace("/o/", "").split(".");
    const flipped = `${tag?.startsWith("A") ? "B" : "A"}${tag?.slice(1)}`;
    const at = hourAfter(sent.sentAt);
    for (const wrong of [
      "/api/v1/opens/nothing",
      `/api/v1/opens/${runId}.1.${flipped}`,
      `/api/v1/opens/${runId}.2.${tag}`,
      `/api/v1/opens/${runId}.1.${tag}.gif`,
      `/api/v1/opens/${"A".repeat(22)}.1.${tag}`,
    ])
      await fetchPixel(wrong, { userAgent: safari, at });
    // A link checker's HEAD of the real pixel is no open either.
    const before = t.clock.now;
    t.clock.now = at;
    const head = await t.app.inject({ method: "HEAD", url: path, headers: { "user-agent": safari } });
    t.clock.now = before;
    expect(head.statusCode).toBe(200);
    expect(head.headers["content-type"]).toBe("image/gif");
    expect(await opensOf(sent.processorId)).toEqual([]);
  });

  it("opens only the run it names: another workspace's run and figures stay as they were", async () => {
    const owner = await f.newUser();
    const other = await f.newUser();
    const ours = await sentCampaign(owner);
    const theirs = await sentCampaign(other);
    // Our run's tag on their run's id names nothing.
    const [, , ourTag] = (ours.pixel?.pathname ?? "").replace("/o/", "").split(".");
    const [theirRun] = (theirs.pixel?.pathname ?? "").replace("/o/", "").split(".");
    const at = hourAfter(new Date(Math.max(ours.sentAt.getTime(), theirs.sentAt.getTime())));
    await fetchPixel(`/api/v1/opens/${theirRun}.1.${ourTag}`, { userAgent: safari, at });
    await fetchPixel(ours.pixel?.pathname ?? "", { userAgent: safari, at });

    expect(await opensOf(ours.processorId)).toHaveLength(1);
    expect(await opensOf(theirs.processorId)).toEqual([]);
    expect(await statsOf(owner, ours.ws, ours.project.id)).toMatchObject({ open_rate: 1 });
    expect(await statsOf(other, theirs.ws, theirs.project.id)).toMatchObject({ open_rate: 0 });
  });

  it("is left out of a sequence that does not track opens, whose messages are in no rate", async () => {
    const owner = await f.newUser();
    const sent = await sentCampaign(owner, { trackOpens: false });
    expect(sent.pixel).toBeNull();
    // Even a well-made pixel URL for the message records nothing: it went without one.
    const tags = await runTags(t.db, sent.processorId, sent.mail.candidate);
    const made = new URL(pixelUrl("http://localhost:3000", sent.processorId, 1, tags));
    await fetchPixel(made.pathname, { userAgent: safari, at: hourAfter(sent.sentAt) });
    expect(await opensOf(sent.processorId)).toEqual([]);

    expect(await statsOf(owner, sent.ws, sent.project.id)).toMatchObject({ contacted: 1, open_rate: 0 });
    const projectCsv = await csvOf(owner, `/workspaces/${sent.ws}/projects/${sent.project.id}/export_analytics`);
    expect(projectCsv[1]?.split(",").at(-1)).toBe("Not tracked");
    const stageId = sent.project.stages[0]?.id ?? "";
    const messaging = await csvOf(
      owner,
      `/workspaces/${sent.ws}/projects/${sent.project.id}/export_analytics?stage_id=${stageId}`,
    );
    expect(messaging[1]?.split(",").at(-1)).toBe("Not tracked");
  });
});
