// For the engine's tests: a candidate in a stage whose sequence sends through a local mailbox,
// the run the reactions started for them, and what the mailbox received.
import { randomUUID } from "node:crypto";
import { processorEvent } from "@hirestream/contracts/processors/events.ts";
import { expect } from "vitest";
import { pipelineFixtures } from "../../candidacies/testing/pipeline-fixtures.ts";
import type { Deps } from "../../deps.ts";
import type { SignedIn, TestApp } from "../../testing/test-app.ts";
import { processorStream } from "../processor-commands.ts";

export interface StepSpec {
  subject: string;
  body?: string;
  delay?: number;
  workdayStart?: string;
  workdayEnd?: string;
}

export function outreachKit(app: () => TestApp, prefix: string) {
  let fixtures: ReturnType<typeof pipelineFixtures> | undefined;
  const f = () => {
    fixtures ??= pipelineFixtures(app(), prefix);
    return fixtures;
  };
  const send = (user: SignedIn, method: "POST" | "PUT" | "PATCH", path: string, payload: unknown) =>
    app().app.inject({
      method,
      url: `/api/v1${path}`,
      headers: { ...user.headers, "content-type": "application/json" },
      payload: JSON.stringify(payload),
    });

  /** A workspace with a local mailbox and a sequence of `steps` started by the first stage of a project. */
  async function campaign(
    owner: SignedIn,
    steps: StepSpec[],
    options: {
      hasReview?: boolean;
      dailyLimit?: number;
      minGapSeconds?: number;
      allowSendWeekend?: boolean;
      /** A credential of `ws` to send through instead of a new local mailbox. */
      through?: { ws: string; credentialId: string; email: string };
    } = {},
  ) {
    const ws = options.through?.ws ?? (await f().createWorkspace(owner));
    let credentialId: string;
    let from: string;
    if (options.through) {
      ({ credentialId, email: from } = options.through);
    } else {
      const added = await send(owner, "POST", `/workspaces/${ws}/providers`, {
        provider_type: "local",
        name: "Talent team",
        email: `talent-${randomUUID().slice(0, 8)}@hirestream.test`,
        ...(options.dailyLimit !== undefined ? { daily_limit: options.dailyLimit } : {}),
        ...(options.minGapSeconds !== undefined ? { min_gap_seconds: options.minGapSeconds } : {}),
      });
      expect(added.statusCode, added.body).toBe(201);
      credentialId = added.json().data.id;
      from = added.json().data.attributes.email;
    }
    const created = await send(owner, "POST", `/workspaces/${ws}/sequences`, {
      name: "Outreach",
      has_review: options.hasReview ?? false,
      allow_send_weekend: options.allowSendWeekend ?? true,
      timezone: "America/Chicago",
      steps: steps.map((step, index) => ({
        template_subject: step.subject,
        template_body: step.body ?? `<p>Hello {{first_name}}, step ${index + 1} about {{project_title}}.</p>`,
        delay: step.delay ?? (index === 0 ? 0 : 1440),
        provider_id: credentialId,
        from,
        workday_start: step.workdayStart ?? "12am",
        workday_end: step.workdayEnd ?? "--",
      })),
    });
    expect(created.statusCode, created.body).toBe(201);
    const sequenceId: string = created.json().data.id;
    const project = await f().createProject(owner, ws, { sequences: { 0: sequenceId } });
    return { ws, project, credentialId, sequenceId };
  }

  /** A candidate entering the campaign's first stage, and the run that started for them. */
  async function candidate(owner: SignedIn, where: Awaited<ReturnType<typeof campaign>>, firstName = "Ada") {
    const email = `${firstName.toLowerCase()}-${randomUUID().slice(0, 8)}@example.com`;
    const person = await f().addPerson(owner, { first_name: firstName, last_name: "Lovelace", email }, where.ws);
    await f().assign(owner, where.project, [person.id]);
    await app().reactions?.settle();
    const { rows } = await app().pool.query<{ stream_id: string }>(
      "select stream_id from events where type = 'ProcessorStarted' and data->>'personId' = $1",
      [person.id],
    );
    const stream = rows[0]?.stream_id;
    if (stream === undefined) throw new Error("no run started");
    const processorId = stream.replace("processor-", "");
    const payload = `/workspaces/${where.ws}/projects/${where.project.id}/payloads/${processorId}`;
    return { person, email, processorId, payload };
  }

  return {
    f,
    send,
    campaign,
    candidate,
    /**
     * A step's delay, in minutes, that keeps it from falling due while a test runs: ten days after
     * the test's clock and after the real time too. The queue works a job once Postgres' clock passes
     * its start, and the test's clock stands at a fixed moment ever further behind the real one.
     */
    notDueYet(): number {
      const behind = Math.max(0, Date.now() - app().clock.now.getTime());
      return Math.ceil(behind / 60_000) + 14_400;
    },
    /** The Send button of the payload. */
    async approve(owner: SignedIn, payload: string) {
      const sent = await send(owner, "PUT", `${payload}/event`, { event_name: "event_send" });
      expect(sent.statusCode, sent.body).toBe(200);
    },
  };
}

/** The run's events, parsed, oldest first. */
export async function runEvents(deps: Pick<Deps, "store">, processorId: string) {
  const stored = await deps.store.readStream(processorStream(processorId), { fromRevision: 0 });
  return stored.flatMap((event) => {
    const parsed = processorEvent.safeParse(event).data;
    return parsed ? [parsed] : [];
  });
}

/** What the local mailbox delivered to `address`, oldest first. */
export async function deliveredTo(t: TestApp, address: string) {
  const { rows } = await t.pool.query<{ id: string; subject: string; mime: string }>(
    "select id, subject, mime from local_mailbox where to_address = $1 order by created_at, id",
    [address],
  );
  return rows;
}

/** The deps the outreach worker runs with, beside the test app. */
export function workerDeps(t: TestApp): Deps {
  return {
    db: t.db,
    pool: t.pool,
    store: t.store,
    clock: () => t.clock.now,
    readModels: t.readModels,
    appUrl: "http://localhost:3000",
  };
}
