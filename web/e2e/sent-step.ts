import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { importThroughApi, postThroughApi, projectThroughApi } from "./api-setup.ts";
import type { E2E } from "./harness.ts";
import { sessionHeadersOf } from "./session.ts";

/** A credential of the workspace made through the API (`provider_type` local, or smtp with its server). */
export async function credentialThroughApi(page: Page, workspaceId: string, attributes: Record<string, unknown>) {
  const credential = await postThroughApi(page, `/workspaces/${workspaceId}/providers`, attributes);
  return credential.data.id;
}

/**
 * A project whose Sourced stage starts a one-step sequence ("A role for {{first_name}}", sent at
 * any hour of any day) from `credentialId`, with the candidate imported into it, the step approved and sent by the outreach
 * worker. `onResponseStagePosition` names the stage a reply moves the candidate to (3: Interview).
 */
export async function sentStep(
  e2e: E2E,
  page: Page,
  setup: { workspaceId: string; credentialId: string; candidate: string; onResponseStagePosition?: number },
) {
  const { workspaceId, credentialId, candidate } = setup;
  // Any hour, weekend or holiday: the test runs on the real clock, whenever CI runs it.
  const sequence = await postThroughApi(page, `/workspaces/${workspaceId}/sequences`, {
    name: "First touch",
    allow_send_weekend: true,
    allow_send_holiday: true,
    steps: [
      {
        template_subject: "A role for {{first_name}}",
        template_body: "<p>Hello</p>",
        provider_id: credentialId,
        workday_start: "12am",
        workday_end: "--",
      },
    ],
  });
  const template = await postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    name: "Outreach pipeline",
    stages_attributes: [
      {
        position: 1,
        name: "Sourced",
        sequence_id: sequence.data.id,
        ...(setup.onResponseStagePosition === undefined
          ? {}
          : { on_response_stage_position: setup.onResponseStagePosition }),
      },
      { position: 2, name: "Contacted" },
      { position: 3, name: "Interview" },
    ],
  });
  const projectId = await projectThroughApi(page, workspaceId, template.data.id);
  await importThroughApi(page, workspaceId, projectId, `first_name,last_name,email\nGrace,Hopper,${candidate}`);
  const headers = await sessionHeadersOf(page);
  await e2e.app.reactions?.settle();
  const { rows } = await e2e.app.pool.query<{ processor_id: string; person_id: string }>(
    "select data->>'processorId' as processor_id, data->>'personId' as person_id from events where type = 'ProcessorStarted' and data->>'projectId' = $1",
    [projectId],
  );
  const run = rows[0];
  if (!run) throw new Error("no run started");
  const approved = await page.request.put(
    `/api/v1/workspaces/${workspaceId}/projects/${projectId}/payloads/${run.processor_id}/event`,
    { headers: { ...headers, "idempotency-key": randomUUID() }, data: { event_name: "event_send" } },
  );
  expect(approved.status(), await approved.text()).toBe(200);
  // The outreach worker sends it: the step has no delay and its credential is idle.
  await e2e.app.reactions?.settle();
  return { projectId, personId: run.person_id, processorId: run.processor_id, headers };
}
