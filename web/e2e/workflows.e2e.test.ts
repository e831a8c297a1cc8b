import { randomUUID } from "node:crypto";
import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

/** The server's own record of the workspace's workflows: proof the change left the browser. */
async function serverWorkflows(workspaceId: string) {
  const rows = await e2e.app.db
    .selectFrom("read.workflows")
    .select(["name", "assigned_to", "project_id", "stages"])
    .where("workspace_id", "=", workspaceId)
    .orderBy("name")
    .orderBy("assigned_to")
    .execute();
  return rows.map((row) => ({
    name: row.name,
    assigned_to: row.assigned_to,
    project_id: row.project_id,
    stages: [...row.stages].sort((a, b) => a.position - b.position).map((stage) => stage.name),
  }));
}

/** A project made through the HTTP API with the page's own session, as another client would. */
async function createProjectThroughApi(page: Page, workspaceId: string, name: string): Promise<string> {
  const answer = await page.evaluate(
    async ({ workspaceId, name }) => {
      const headers: Record<string, string> = { "content-type": "application/json", "token-type": "Bearer" };
      for (const key of ["access-token", "client", "uid", "expiry"]) headers[key] = localStorage.getItem(key) ?? "";
      const response = await fetch(`/api/v1/workspaces/${workspaceId}/projects`, {
        method: "POST",
        headers,
        body: JSON.stringify({ data: { type: "projects", attributes: { name, priority: "High", status: "Active" } } }),
      });
      return { status: response.status, body: (await response.json()) as { data?: { id?: string } } };
    },
    { workspaceId, name },
  );
  const id = answer.body.data?.id;
  if (answer.status !== 201 || !id) throw new Error(`project not created: ${answer.status}`);
  return id;
}

const strip = (page: Page, name: string) => page.getByRole("list", { name: `Stages of ${name}` });
const row = (page: Page, name: string) => page.getByRole("row").filter({ has: strip(page, name) });

async function stripNames(page: Page, name: string): Promise<string[]> {
  const items = await strip(page, name).getByRole("listitem").allInnerTexts();
  // Each item reads its number, then its name.
  return items.map((text) => text.replace(/^\d+\s*/, "").trim());
}

async function openRowAction(page: Page, name: string, action: string): Promise<void> {
  await row(page, name)
    .getByRole("button", { name: `Actions for ${name}` })
    .click();
  await page.getByRole("menuitem", { name: action }).click();
}

async function newWorkflow(page: Page, name: string, stages: readonly [string, string, string]): Promise<void> {
  await page.getByRole("button", { name: "+ WORKFLOW" }).click();
  const modal = page.getByRole("dialog", { name: "New Workflow" });
  await modal.getByRole("textbox", { name: /^Name/ }).fill(name);
  for (const [index, stage] of stages.entries()) {
    await modal.getByRole("textbox", { name: new RegExp(`^Stage ${index + 1}`) }).fill(stage);
  }
  await modal.getByRole("button", { name: "Create" }).click();
  await modal.waitFor({ state: "detached" });
}

it("creates a workflow with three stages, edits a stage and removes the template", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "workflow-author@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Engineering hiring", e2e);
  await page.goto(`/workspaces/${workspaceId}/workflows`);
  await page.getByText("No workflow templates yet.").waitFor();
  await page.getByRole("tab", { name: "Assigned" }).click();
  await page.getByText("No workflows assigned to projects yet.").waitFor();
  await page.getByRole("tab", { name: "Templates" }).click();

  await page.getByRole("button", { name: "+ WORKFLOW" }).click();
  const modal = page.getByRole("dialog", { name: "New Workflow" });
  // Three empty stages to start with, none of which may go.
  await modal.getByRole("textbox", { name: /^Stage 3/ }).waitFor();
  expect(await modal.getByRole("textbox", { name: /^Stage \d/ }).count()).toBe(3);
  expect(await modal.getByRole("button", { name: /^Remove stage/ }).count()).toBe(0);
  await modal.getByRole("button", { name: "Create" }).click();
  expect(await modal.getByText("This field is required").count()).toBe(4);

  await modal.getByRole("textbox", { name: /^Name/ }).fill("Backend");
  await modal.getByText("43 characters left").waitFor();
  await modal.getByRole("textbox", { name: /^Stage 1/ }).fill("Sourced");
  await modal.getByRole("textbox", { name: /^Stage 2/ }).fill("Typo");
  await modal.getByRole("textbox", { name: /^Stage 3/ }).fill("Interview");
  await modal.getByText("31 characters left").waitFor();
  await modal.getByRole("button", { name: "Add stage" }).click();
  // The stage added takes the focus.
  expect(
    await eventually(
      () => modal.getByRole("textbox", { name: /^Stage 4/ }).evaluate((input) => input === document.activeElement),
      (focused) => focused,
    ),
  ).toBe(true);
  await modal.getByRole("textbox", { name: /^Stage 4/ }).fill("Offer");
  // Above three stages the active one (the one being worked on) may go, and only it.
  await modal.getByRole("button", { name: "Remove stage 4" }).waitFor();
  expect(await modal.getByRole("button", { name: /^Remove stage/ }).count()).toBe(1);
  // By keyboard: from a stage's name, past its action toggle, to its remove control.
  await modal.getByRole("textbox", { name: /^Stage 2/ }).focus();
  await modal.getByRole("button", { name: "Remove stage 2" }).waitFor();
  expect(await modal.getByRole("button", { name: /^Remove stage/ }).count()).toBe(1);
  await page.keyboard.press("Tab");
  await page.keyboard.press("Tab");
  expect(await page.evaluate(() => document.activeElement?.getAttribute("aria-label"))).toBe("Remove stage 2");
  await page.keyboard.press("Enter");
  // The rest move up, and the focus stays in the list, on the stage now second.
  expect(await modal.getByRole("textbox", { name: /^Stage \d/ }).count()).toBe(3);
  expect(await modal.getByRole("textbox", { name: /^Stage 2/ }).inputValue()).toBe("Interview");
  expect(await modal.getByRole("textbox", { name: /^Stage 3/ }).inputValue()).toBe("Offer");
  expect(
    await eventually(
      () => modal.getByRole("textbox", { name: /^Stage 2/ }).evaluate((input) => input === document.activeElement),
      (focused) => focused,
    ),
  ).toBe(true);
  expect(await modal.getByRole("button", { name: /^Remove stage/ }).count()).toBe(0);

  // A stage's action asks for a sequence, found on the Sequences screen in a new tab.
  await modal.getByRole("switch", { name: "Action of stage 1" }).click({ force: true });
  const sequencesLink = modal.getByRole("link", { name: "Open Sequences in a new tab" });
  expect(await sequencesLink.getAttribute("href")).toBe(`/workspaces/${workspaceId}/sequences`);
  expect(await sequencesLink.getAttribute("target")).toBe("_blank");
  await modal.getByRole("button", { name: "Create" }).click();
  expect(await modal.getByText("This field is required").count()).toBe(1);
  await modal.getByRole("switch", { name: "Action of stage 1" }).click({ force: true });
  await modal.getByRole("button", { name: "Create" }).click();
  await page.getByRole("alert").filter({ hasText: "Workflow Backend created correctly." }).waitFor();

  await strip(page, "Backend").waitFor();
  expect(await stripNames(page, "Backend")).toEqual(["Sourced", "Interview", "Offer"]);
  await row(page, "Backend").getByRole("img", { name: "No sequence" }).waitFor();
  expect(
    await eventually(
      () => serverWorkflows(workspaceId),
      (rows) => rows.length === 1,
    ),
  ).toEqual([
    { name: "Backend", assigned_to: "template", project_id: null, stages: ["Sourced", "Interview", "Offer"] },
  ]);

  await openRowAction(page, "Backend", "Edit");
  const edit = page.getByRole("dialog", { name: "Edit Workflow" });
  expect(await edit.getByRole("button", { name: "Update" }).isDisabled()).toBe(true);
  // Saved stages stay: only a stage added in this edit can be removed.
  expect(await edit.getByRole("button", { name: /^Remove stage/ }).count()).toBe(0);
  await edit.getByRole("button", { name: "Add stage" }).click();
  await edit.getByRole("textbox", { name: /^Stage 4/ }).fill("Hired");
  await edit.getByRole("button", { name: "Remove stage 4" }).waitFor();
  await edit.getByRole("textbox", { name: /^Stage 1/ }).focus();
  expect(await edit.getByRole("button", { name: /^Remove stage/ }).count()).toBe(0);
  await edit.getByRole("textbox", { name: /^Stage 4/ }).focus();
  await edit.getByRole("button", { name: "Remove stage 4" }).click();
  expect(await edit.getByRole("textbox", { name: /^Stage \d/ }).count()).toBe(3);
  await edit.getByRole("textbox", { name: /^Stage 2/ }).fill("Phone screen");
  await edit.getByRole("button", { name: "Update" }).click();
  await edit.waitFor({ state: "detached" });
  // The dialog closes as the edit is written; the strip shows it once the replica's write lands.
  await expect.poll(() => stripNames(page, "Backend")).toEqual(["Sourced", "Phone screen", "Offer"]);
  expect(
    await eventually(
      () => serverWorkflows(workspaceId),
      (rows) => rows[0]?.stages[1] === "Phone screen",
    ),
  ).toEqual([
    { name: "Backend", assigned_to: "template", project_id: null, stages: ["Sourced", "Phone screen", "Offer"] },
  ]);

  await openRowAction(page, "Backend", "Remove");
  const confirm = page.getByRole("dialog", { name: "Remove Workflow" });
  await confirm.getByText("Once deleted it cannot be recovered").waitFor();
  await confirm.getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alert").filter({ hasText: "Workflow deleted." }).waitFor();
  await page.getByText("No workflow templates yet.").waitFor();
  expect(
    await eventually(
      () => serverWorkflows(workspaceId),
      (rows) => rows.length === 0,
    ),
  ).toEqual([]);
  await context.close();
});

it("adds a template to a project once; the copy shows on Assigned with the project's name", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "workflow-assigner@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Sales hiring", e2e);
  await page.goto(`/workspaces/${workspaceId}/workflows`);
  await page.getByText("No workflow templates yet.").waitFor();
  await newWorkflow(page, "Sales", ["Sourced", "Contacted", "Hired"]);
  await strip(page, "Sales").waitFor();
  const projectId = await createProjectThroughApi(page, workspaceId, "Account executives");

  await openRowAction(page, "Sales", "Add to Project");
  const modal = page.getByRole("dialog", { name: "Add to Project" });
  await modal.getByRole("combobox", { name: "Project" }).click();
  await page.getByRole("option", { name: "Account executives" }).click();
  await modal.getByRole("button", { name: "Assign" }).click();
  await modal.waitFor({ state: "detached" });

  await page.getByRole("tab", { name: "Assigned" }).click();
  const copy = row(page, "Sales");
  await copy.getByRole("cell", { name: "Account executives" }).waitFor();
  expect(await stripNames(page, "Sales")).toEqual(["Sourced", "Contacted", "Hired"]);
  const onServer = await eventually(
    () => serverWorkflows(workspaceId),
    (rows) => rows.length === 2,
  );
  expect(onServer).toEqual([
    { name: "Sales", assigned_to: "project", project_id: projectId, stages: ["Sourced", "Contacted", "Hired"] },
    { name: "Sales", assigned_to: "template", project_id: null, stages: ["Sourced", "Contacted", "Hired"] },
  ]);

  // The copy the browser showed at once is the server's: one row, and the project points at it.
  expect(
    await page
      .getByRole("row")
      .filter({ has: strip(page, "Sales") })
      .count(),
  ).toBe(1);
  const template = await e2e.app.db
    .selectFrom("read.workflows")
    .select("id")
    .where("workspace_id", "=", workspaceId)
    .where("assigned_to", "=", "template")
    .executeTakeFirstOrThrow();
  const project = await eventually(
    () => e2e.app.db.selectFrom("read.projects").select("workflow_id").where("id", "=", projectId).executeTakeFirst(),
    (found) => found?.workflow_id !== null,
  );
  expect(project?.workflow_id).toBe(workflowCopyIdOf(projectId, template.id));

  // A project's workflow is assigned once: the project is no longer offered.
  await page.getByRole("tab", { name: "Templates" }).click();
  await openRowAction(page, "Sales", "Add to Project");
  await modal.getByText("already has a workflow", { exact: false }).waitFor();
  await modal.getByRole("button", { name: "Cancel" }).click();

  await openRowAction(page, "Sales", "Remove");
  await page.getByRole("dialog", { name: "Remove Workflow" }).getByRole("button", { name: "Remove" }).click();
  await page.getByRole("alert").filter({ hasText: "Workflow deleted." }).waitFor();
  await page.getByText("No workflow templates yet.").waitFor();
  // The project keeps its copy.
  await page.getByRole("tab", { name: "Assigned" }).click();
  await row(page, "Sales").getByRole("cell", { name: "Account executives" }).waitFor();
  await context.close();
});

it("a copy whose project has people offers Remove disabled, saying why", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "workflow-keeper@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Support hiring", e2e);
  await page.goto(`/workspaces/${workspaceId}/workflows`);
  await page.getByText("No workflow templates yet.").waitFor();
  await newWorkflow(page, "Support", ["Sourced", "Contacted", "Hired"]);
  await strip(page, "Support").waitFor();
  const projectId = await createProjectThroughApi(page, workspaceId, "Support leads");
  const template = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.workflows")
        .select("id")
        .where("workspace_id", "=", workspaceId)
        .where("assigned_to", "=", "template")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  const headers = await page.evaluate(() => {
    const session: Record<string, string> = { "token-type": "Bearer" };
    for (const key of ["access-token", "client", "uid", "expiry"]) session[key] = localStorage.getItem(key) ?? "";
    return session;
  });
  const assigned = await page.request.post(
    `/api/v1/workspaces/${workspaceId}/workflows/${template?.id}/assign_to_project`,
    {
      headers: { ...headers, "idempotency-key": randomUUID() },
      data: { workspace_id: workspaceId, project_id: projectId, id: template?.id },
    },
  );
  expect(assigned.status(), await assigned.text()).toBe(201);
  const imported = await page.request.post("/api/v1/people/import_csv", {
    headers: { ...headers, "idempotency-key": randomUUID() },
    multipart: {
      "data[project_id]": projectId,
      "data[file]": {
        name: "people.csv",
        mimeType: "text/csv",
        buffer: Buffer.from("first_name,last_name,email\nMaya,Okafor,maya@example.com"),
      },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);

  await page.getByRole("tab", { name: "Assigned" }).click();
  await row(page, "Support").getByRole("cell", { name: "Support leads" }).waitFor();
  await row(page, "Support").getByRole("button", { name: "Actions for Support" }).click();
  const remove = page.getByRole("menuitem", { name: "Remove", disabled: true });
  await remove.waitFor();
  await remove.hover();
  await page
    .getByRole("tooltip")
    .filter({ hasText: "Remove the project's people before removing its workflow" })
    .waitFor();
  await remove.click({ force: true });
  expect(await page.getByRole("dialog", { name: "Remove Workflow" }).count()).toBe(0);
  expect(await page.getByRole("menuitem", { name: "Edit", disabled: false }).count()).toBe(1);
  await context.close();
});
