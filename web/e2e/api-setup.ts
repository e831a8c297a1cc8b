import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { expect } from "vitest";
import { sessionHeadersOf } from "./session.ts";

/** A write through the API as the page's user, for set-up the test is not about. */
export async function postThroughApi(page: Page, path: string, data: unknown): Promise<{ data: { id: string } }> {
  const response = await page.request.post(`/api/v1${path}`, {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
  return (await response.json()) as { data: { id: string } };
}

/** A workflow template (Sourced, Screening, Interview) and a project made with it, through the API. */
export async function projectWithWorkflow(page: Page, workspaceId: string, name: string): Promise<string> {
  const template = await postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    data: {
      type: "workflows",
      attributes: {
        name: "Hiring pipeline",
        description: "",
        stages_attributes: [{ name: "Sourced" }, { name: "Screening" }, { name: "Interview" }],
      },
    },
  });
  const projectId = randomUUID();
  await postThroughApi(page, `/workspaces/${workspaceId}/projects`, {
    data: {
      type: "projects",
      id: projectId,
      attributes: { name, priority: "High", status: "Active", workflow_id: template.data.id },
    },
  });
  return projectId;
}
