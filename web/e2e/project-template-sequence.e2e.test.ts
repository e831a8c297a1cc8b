import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** Calls the API as another client of the page's user would. */
async function callApi(page: Page, url: string, payload: unknown) {
  const response = await e2e.app.app.inject({
    method: "POST",
    url,
    headers: { ...(await sessionHeadersOf(page)), "content-type": "application/json" },
    payload: JSON.stringify(payload),
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id as string;
}

async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole("dialog").getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** A template whose stage Contacted starts a sequence, made by another client of the same user. */
async function templateWithSequence(page: Page, workspaceId: string): Promise<string> {
  const templateSequence = await callApi(page, `/api/v1/workspaces/${workspaceId}/sequences`, {
    data: {
      type: "sequence",
      attributes: {
        name: "Backend outreach",
        steps: [
          { template_subject: "Hello {{first_name}}", template_body: "<p>A role at {{project_title}}</p>" },
          { template_subject: "Following up", template_body: "<p>Still interested?</p>" },
        ],
      },
    },
  });
  await callApi(page, `/api/v1/workspaces/${workspaceId}/workflows`, {
    name: "Engineering pipeline",
    stages_attributes: [
      { position: 0, name: "Sourced" },
      { position: 1, name: "Contacted", sequence_id: templateSequence },
      { position: 2, name: "Interview" },
    ],
  });
  return templateSequence;
}

async function openNewProject(page: Page, workspaceId: string, title: string) {
  await page.goto(`/workspaces/${workspaceId}/projects`);
  await page.getByRole("main").getByRole("button", { name: "New project" }).click();
  const modal = page.getByRole("dialog", { name: "New Project" });
  await modal.getByRole("textbox", { name: /^Title/ }).fill(title);
  await choose(page, /^Priority/, "High");
  return modal;
}

it("creates a project with an edited template sequence, which the Sequences page and the project's stage show", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "template-sequence@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Backend hiring", e2e);
  await templateWithSequence(page, workspaceId);
  const modal = await openNewProject(page, workspaceId, "Berlin backend");
  // Choosing the workflow loads its template sequence, and the choice of what to do with it.
  expect(await modal.getByRole("button", { name: "Edit Template Sequence" }).count()).toBe(0);
  await choose(page, /^Workflow/, "Engineering pipeline");
  await modal.getByRole("button", { name: "Use Template Sequence" }).waitFor();
  expect(
    await modal
      .getByRole("button")
      .filter({ hasText: /Template Sequence|Cancel|Create/ })
      .allTextContents(),
  ).toEqual(["Edit Template Sequence", "Use Template Sequence", "Cancel", "Create"]);
  await modal.getByRole("button", { name: "Edit Template Sequence" }).click();
  await modal.getByRole("tab", { name: "Step 2" }).waitFor();
  expect(await modal.getByRole("tab").allTextContents()).toEqual(["Info", "Sequence", "Step 1", "Step 2"]);

  // The copy is edited: its name, and the second step's subject. No credential is asked for yet.
  const name = modal.getByRole("textbox", { name: /^Name/ });
  expect(await name.inputValue()).toBe("Backend outreach");
  await name.fill("Berlin outreach");
  await modal.getByRole("tab", { name: "Step 2" }).click();
  const subject = modal.getByRole("textbox", { name: /^Subject/ });
  expect(await subject.inputValue()).toBe("Following up");
  await subject.fill("Following up from Berlin");
  await modal.getByRole("button", { name: "Create" }).click();
  await page.getByText("Project Berlin backend created correctly.").waitFor();
  await modal.waitFor({ state: "detached" });

  // The server made the project's own sequence, and the project's stage Contacted starts it.
  const own = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.sequences")
        .select(["id", "steps"])
        .where("workspace_id", "=", workspaceId)
        .where("name", "=", "Berlin outreach")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  expect(own?.steps.map((step) => step.template_subject)).toEqual(["Hello {{first_name}}", "Following up from Berlin"]);
  const project = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.projects")
        .select(["id", "workflow_id"])
        .where("name", "=", "Berlin backend")
        .executeTakeFirst(),
    (found) => typeof found?.workflow_id === "string",
  );
  const copy = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.workflows")
        .select(["stages"])
        .where("id", "=", project?.workflow_id ?? "")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  expect(copy?.stages.map((stage) => stage.sequence_id)).toEqual([null, own?.id, null]);

  // The Sequences page lists it beside the template's, which stays as it was.
  await page.goto(`/workspaces/${workspaceId}/sequences`);
  await page.getByRole("main").getByRole("button", { name: "Berlin outreach", exact: true }).waitFor();
  await page.getByRole("main").getByRole("button", { name: "Backend outreach", exact: true }).waitFor();

  // The project's Workflow tab names it on the stage that starts it.
  await page.goto(`/workspaces/${workspaceId}/project/${project?.id}`);
  await page.getByRole("tab", { name: "Workflow" }).click();
  await page.getByRole("row").filter({ hasText: "Contacted" }).getByText("Berlin outreach").waitFor();
  expect(await page.getByRole("row").filter({ hasText: "Contacted" }).getByText("Backend outreach").count()).toBe(0);
});

it("creates a project with the template sequence used as it is", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "template-sequence-used@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Frontend hiring", e2e);
  const templateSequence = await templateWithSequence(page, workspaceId);
  const modal = await openNewProject(page, workspaceId, "Lisbon frontend");
  await choose(page, /^Workflow/, "Engineering pipeline");
  await modal.getByRole("button", { name: "Use Template Sequence" }).click();
  expect(await modal.getByRole("tab").allTextContents()).toEqual(["Info"]);
  await modal.getByRole("button", { name: "Create" }).click();
  await page.getByText("Project Lisbon frontend created correctly.").waitFor();

  const project = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.projects")
        .select(["id", "workflow_id"])
        .where("name", "=", "Lisbon frontend")
        .executeTakeFirst(),
    (found) => typeof found?.workflow_id === "string",
  );
  const copy = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.workflows")
        .select(["stages"])
        .where("id", "=", project?.workflow_id ?? "")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  expect(copy?.stages.map((stage) => stage.sequence_id)).toEqual([null, templateSequence, null]);
  const sequences = await e2e.app.db
    .selectFrom("read.sequences")
    .select("name")
    .where("workspace_id", "=", workspaceId)
    .execute();
  expect(sequences.map((sequence) => sequence.name)).toEqual(["Backend outreach"]);
  await page.goto(`/workspaces/${workspaceId}/project/${project?.id}`);
  await page.getByRole("tab", { name: "Workflow" }).click();
  await page.getByRole("row").filter({ hasText: "Contacted" }).getByText("Backend outreach").waitFor();
});
