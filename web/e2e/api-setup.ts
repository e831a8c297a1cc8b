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

/** A project made with `workflowId` through the API; its id. */
export async function projectThroughApi(page: Page, workspaceId: string, workflowId: string, name = "Compilers") {
  const projectId = randomUUID();
  await postThroughApi(page, `/workspaces/${workspaceId}/projects`, {
    data: {
      type: "projects",
      id: projectId,
      attributes: { name, priority: "High", status: "Active", workflow_id: workflowId },
    },
  });
  return projectId;
}

/** People imported into the project's first stage through the CSV import call (`csv`: header line, then rows). */
export async function importThroughApi(page: Page, workspaceId: string, projectId: string, csv: string) {
  const imported = await page.request.post("/api/v1/people/import_csv", {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    multipart: {
      "data[workspace_id]": workspaceId,
      "data[project_id]": projectId,
      "data[file]": { name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
}
