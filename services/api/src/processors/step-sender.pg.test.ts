import { rebuildReadModels } from "@hirestream/projector/rebuild.ts";
import { Kysely, PostgresDialect } from "kysely";
import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { currentProcessor } from "./processor-commands.ts";
import { SEND_POINTS, type SendPoint, sendStep } from "./step-sender.ts";
import { deliveredTo, outreachKit, runEvents, workerDeps } from "./testing/outreach-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
});
afterAll(async () => {
  await t.close();
});

const kit = outreachKit(() => t, "stepsender");
let users = 0;
const newOwner = () => signUpUser(t.app, `stepsender-owner${++users}@example.com`);

/** The job the run waits for now. */
async function scheduledJob(processorId: string) {
  const state = await currentProcessor(workerDeps(t), processorId);
  if (state.status !== "started" || state.run.scheduled === null) throw new Error("nothing scheduled");
  const { position, jobKey, dueAt } = state.run.scheduled;
  return { processorId, position, jobKey, dueAt };
}

class WorkerStopped extends Error {}

describe("sending a sequence's steps", () => {
  it("sends the first step at once after Send, then the second a day later in reply on the same thread, and nothing again after a rebuild", async () => {
    const owner = await newOwner();
    const where = await kit.campaign(owner, [{ subject: "Hello {{first_name}}" }, { subject: "Hello {{first_name}}" }]);
    const run = await kit.candidate(owner, where);
    await kit.approve(owner, run.payload);
    await t.reactions?.settle();

    const [first] = await deliveredTo(t, run.email);
    expect(first?.subject).toBe("Hello Ada");
    const parsed = await simpleParser(first?.mime ?? "");
    expect(parsed.html).toContain("Hello Ada, step 1 about Backend hires.");

    const events = await runEvents(t, run.processorId);
    const sent = events.find((event) => event.type === "StepSent");
    expect(sent?.data).toMatchObject({ position: 1, messageId: parsed.messageId, message: { subject: "Hello Ada" } });
    const second = await scheduledJob(run.processorId);
    expect(second.position).toBe(2);
    const sentAt = sent?.type === "StepSent" ? Date.parse(sent.data.sentAt) : 0;
    expect(Date.parse(second.dueAt) - sentAt).toBeGreaterThanOrEqual(1440 * 60_000);

    // The second step's time has come.
    expect(await sendStep(workerDeps(t), second)).toBe("sent");
    const both = await deliveredTo(t, run.email);
    expect(both).toHaveLength(2);
    const reply = await simpleParser(both[1]?.mime ?? "");
    expect(reply.subject).toBe("Re: Hello Ada");
    expect(reply.inReplyTo).toBe(parsed.messageId);
    const types = (await runEvents(t, run.processorId)).map((event) => event.type);
    expect(types.slice(-2)).toEqual(["StepSent", "ProcessorFinished"]);

    // Rebuilding the read models replays the log: nothing is scheduled or sent again.
    await rebuildReadModels({
      db: new Kysely<unknown>({ dialect: new PostgresDialect({ pool: t.pool }) }),
      store: t.store,
    });
    await t.reactions?.settle();
    expect(await deliveredTo(t, run.email)).toHaveLength(2);
    expect((await runEvents(t, run.processorId)).map((event) => event.type)).toEqual(types);
  });

  it.each(SEND_POINTS)(
    "delivers the step exactly once when the worker dies at '%s' and runs the job again",
    async (point) => {
      const owner = await newOwner();
      // Ten days' delay: the step waits, and this test plays the worker.
      const where = await kit.campaign(owner, [{ subject: "Hello {{first_name}}", delay: kit.notDueYet() }]);
      const run = await kit.candidate(owner, where);
      await kit.approve(owner, run.payload);
      await t.reactions?.settle();
      const job = await scheduledJob(run.processorId);

      const stopAt = (at: SendPoint) => {
        if (at === point) throw new WorkerStopped(at);
      };
      await expect(sendStep(workerDeps(t), job, { at: stopAt })).rejects.toBeInstanceOf(WorkerStopped);
      // A new worker (no cache of the old one's) takes the job again, and again once it is done.
      expect(await sendStep(workerDeps(t), job)).toBe(point === "sent-recorded" ? "stale" : "sent");
      expect(await sendStep(workerDeps(t), job)).toBe("stale");

      expect(await deliveredTo(t, run.email)).toHaveLength(1);
      const types = (await runEvents(t, run.processorId)).map((event) => event.type);
      expect(types.filter((type) => type === "StepSent")).toHaveLength(1);
      expect(types.at(-1)).toBe("ProcessorFinished");
    },
  );

  it("sends nothing for a run paused before its step was due, and only the new job's after it resumes", async () => {
    const owner = await newOwner();
    const where = await kit.campaign(owner, [{ subject: "Hello", delay: kit.notDueYet() }]);
    const run = await kit.candidate(owner, where);
    await kit.approve(owner, run.payload);
    await t.reactions?.settle();
    const before = await scheduledJob(run.processorId);

    const paused = await kit.send(owner, "PUT", `${run.payload}/event`, { event_name: "event_pause" });
    expect(paused.statusCode, paused.body).toBe(200);
    expect(await sendStep(workerDeps(t), before)).toBe("stale");

    const resumed = await kit.send(owner, "PUT", `${run.payload}/event`, { event_name: "event_resume" });
    expect(resumed.statusCode, resumed.body).toBe(200);
    await t.reactions?.settle();
    const after = await scheduledJob(run.processorId);
    expect(after.jobKey).not.toBe(before.jobKey);
    expect(await sendStep(workerDeps(t), before)).toBe("stale");
    expect(await deliveredTo(t, run.email)).toHaveLength(0);
    expect(await sendStep(workerDeps(t), after)).toBe("sent");
    expect(await deliveredTo(t, run.email)).toHaveLength(1);
  });

  it("fails the step with the reason when the candidate has no address, and sends nothing", async () => {
    const owner = await newOwner();
    const where = await kit.campaign(owner, [{ subject: "Hello", delay: kit.notDueYet() }]);
    const run = await kit.candidate(owner, where);
    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/v1/people/${run.person.id}`,
      headers: { ...owner.headers, "content-type": "application/json" },
      payload: JSON.stringify({ data: { type: "person", attributes: { email: null } } }),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    await kit.approve(owner, run.payload);
    await t.reactions?.settle();
    expect(await sendStep(workerDeps(t), await scheduledJob(run.processorId))).toBe("failed");
    const state = await currentProcessor(workerDeps(t), run.processorId);
    expect(state.status === "started" && state.run).toMatchObject({
      status: "failed",
      failMessage: "The candidate has no email address",
    });
  });

  it("spreads the runs of one credential by its minimum gap", async () => {
    const owner = await newOwner();
    const where = await kit.campaign(owner, [{ subject: "Hello", delay: kit.notDueYet() }], { minGapSeconds: 600 });
    const runs = [];
    for (const name of ["Ada", "Grace", "Katherine"]) runs.push(await kit.candidate(owner, where, name));
    for (const run of runs) await kit.approve(owner, run.payload);
    await t.reactions?.settle();
    const due = (await Promise.all(runs.map((run) => scheduledJob(run.processorId))))
      .map((job) => Date.parse(job.dueAt))
      .sort((a, b) => a - b);
    const gaps = due.slice(1).map((at, index) => at - (due[index] ?? 0));
    expect(gaps).toHaveLength(2);
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(600_000);
  });
});
