import { simpleParser } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { signUpUser, startTestApp, type TestApp } from "../testing/test-app.ts";
import { currentProcessor } from "./processor-commands.ts";
import { BATCH_SEND_POINTS, type BatchSendPoint, sendStepsTogether } from "./step-batch-sender.ts";
import { sendStep } from "./step-sender.ts";
import { deliveredTo, outreachKit, runEvents, workerDeps } from "./testing/outreach-kit.ts";

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp({ reactions: true });
});
afterAll(async () => {
  await t.close();
});

const kit = outreachKit(() => t, "stepbatch");
let users = 0;
const newOwner = () => signUpUser(t.app, `stepbatch-owner${++users}@example.com`);

async function scheduledJob(processorId: string) {
  const state = await currentProcessor(workerDeps(t), processorId);
  if (state.status !== "started" || state.run.scheduled === null) throw new Error("nothing scheduled");
  const { position, jobKey } = state.run.scheduled;
  return { processorId, position, jobKey };
}

/** Three candidates whose first step waits ten days (this test plays the worker), and their jobs. */
async function waitingRuns() {
  const owner = await newOwner();
  const where = await kit.campaign(owner, [{ subject: "Hello {{first_name}}", delay: kit.notDueYet() }]);
  const runs = [];
  for (const name of ["Ada", "Grace", "Katherine"]) runs.push(await kit.candidate(owner, where, name));
  for (const run of runs) await kit.approve(owner, run.payload);
  await t.reactions?.settle();
  const jobs = await Promise.all(runs.map((run) => scheduledJob(run.processorId)));
  return { owner, runs, jobs };
}

/** What a worker does with a batch: together what goes together, the rest one by one. */
async function work(jobs: Awaited<ReturnType<typeof waitingRuns>>["jobs"]) {
  const together = await sendStepsTogether(workerDeps(t), jobs);
  const alone = [];
  for (const job of together.alone) alone.push(await sendStep(workerDeps(t), job));
  return { together, alone };
}

class WorkerStopped extends Error {}

describe("sending a batch of steps together", () => {
  it("sends each run's step once, from one batch, recorded as sent with no draft between", async () => {
    const { runs, jobs } = await waitingRuns();
    const { together } = await work(jobs);
    expect(together.alone).toEqual([]);
    expect([...together.outcomes.values()]).toEqual(["sent", "sent", "sent"]);
    for (const [index, run] of runs.entries()) {
      const delivered = await deliveredTo(t, run.email);
      expect(delivered).toHaveLength(1);
      const parsed = await simpleParser(delivered[0]?.mime ?? "");
      const name = ["Ada", "Grace", "Katherine"][index];
      expect(parsed.subject).toBe(`Hello ${name}`);
      const events = await runEvents(t, run.processorId);
      expect(events.map((event) => event.type).slice(-3)).toEqual(["StepScheduled", "StepSent", "ProcessorFinished"]);
      expect(events.find((event) => event.type === "StepSent")?.data).toMatchObject({
        messageId: parsed.messageId,
        message: { to: run.email, subject: `Hello ${name}` },
      });
    }
    expect([...(await work(jobs)).together.outcomes.values()]).toEqual(["stale", "stale", "stale"]);
  });

  it.each(BATCH_SEND_POINTS)(
    "delivers every run's step exactly once when the worker dies at '%s' of a batch and works the jobs again",
    async (point) => {
      const { runs, jobs } = await waitingRuns();
      const stopAt = (at: BatchSendPoint) => {
        if (at === point) throw new WorkerStopped(at);
      };
      await expect(sendStepsTogether(workerDeps(t), jobs, { at: stopAt })).rejects.toBeInstanceOf(WorkerStopped);
      // A new worker (no cache of the old one's) takes the jobs again, and again once they are done.
      const again = await work(jobs);
      const outcomes = [...again.together.outcomes.values(), ...again.alone];
      expect(outcomes.filter((outcome) => outcome === "sent")).toHaveLength(point === "sent-recorded" ? 0 : 3);
      const third = await work(jobs);
      expect([...third.together.outcomes.values(), ...third.alone]).toEqual(["stale", "stale", "stale"]);

      for (const run of runs) {
        expect(await deliveredTo(t, run.email)).toHaveLength(1);
        const types = (await runEvents(t, run.processorId)).map((event) => event.type);
        expect(types.filter((type) => type === "StepSent")).toHaveLength(1);
        expect(types.at(-1)).toBe("ProcessorFinished");
      }
    },
  );

  it("delivers nothing to a run paused while its batch was being written, and sends the others", async () => {
    const { owner, runs, jobs } = await waitingRuns();
    const [paused, ...others] = runs;
    if (paused === undefined) throw new Error("no runs");
    const pauseOne = async (at: BatchSendPoint) => {
      if (at !== "composed") return;
      const answer = await kit.send(owner, "PUT", `${paused.payload}/event`, { event_name: "event_pause" });
      expect(answer.statusCode, answer.body).toBe(200);
    };
    const together = await sendStepsTogether(workerDeps(t), jobs, { at: pauseOne });
    expect(together.alone.map((job) => job.processorId)).toEqual([paused.processorId]);
    const alone = await Promise.all(together.alone.map((job) => sendStep(workerDeps(t), job)));
    expect(alone).toEqual(["stale"]);
    expect(await deliveredTo(t, paused.email)).toHaveLength(0);
    expect((await runEvents(t, paused.processorId)).map((event) => event.type)).not.toContain("StepSent");
    for (const run of others) expect(await deliveredTo(t, run.email)).toHaveLength(1);
  });

  it("leaves a run it cannot write a message for to the one-by-one path, which fails it, and sends the others", async () => {
    const owner = await newOwner();
    const where = await kit.campaign(owner, [{ subject: "Hello", delay: kit.notDueYet() }]);
    const ada = await kit.candidate(owner, where, "Ada");
    const grace = await kit.candidate(owner, where, "Grace");
    const cleared = await t.app.inject({
      method: "PUT",
      url: `/api/v1/people/${grace.person.id}`,
      headers: { ...owner.headers, "content-type": "application/json" },
      payload: JSON.stringify({ data: { type: "person", attributes: { email: null } } }),
    });
    expect(cleared.statusCode, cleared.body).toBe(200);
    for (const run of [ada, grace]) await kit.approve(owner, run.payload);
    await t.reactions?.settle();
    const jobs = await Promise.all([ada, grace].map((run) => scheduledJob(run.processorId)));
    const { together, alone } = await work(jobs);
    expect(together.alone.map((job) => job.processorId)).toEqual([grace.processorId]);
    expect(alone).toEqual(["failed"]);
    expect(await deliveredTo(t, ada.email)).toHaveLength(1);
  });
});
