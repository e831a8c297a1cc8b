import { workflowCopyIdOf } from "@hirestream/contracts/workflows/copy-ids.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";

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

async function createWorkspace(page: Page, name: string): Promise<string> {
  await page.goto("/workspaces");
  await page.getByRole("main").getByRole("button", { name: "New workspace" }).click();
  await page.getByRole("dialog").getByRole("textbox", { name: /^Name/ }).fill(name);
  await page.getByRole("dialog").getByRole("button", { name: "Create" }).click();
  const link = page.getByRole("main").getByRole("link", { name, exact: true });
  await link.waitFor();
  const id = /^\/workspaces\/([^/]+)\/home$/.exec((await link.getAttribute("href")) ?? "")?.[1];
  if (!id) throw new Error(`no workspace link for ${name}`);
  return id;
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
  const workspaceId = await createWorkspace(page, "Engineering hiring");
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
  await modal.getByRole("textbox", { name: /^Stage 4/ }).fill("Offer");
  // Above three stages any of them may go; the rest move up.
  await modal.getByRole("button", { name: "Remove stage 2" }).click();
  expect(await modal.getByRole("textbox", { name: /^Stage \d/ }).count()).toBe(3);
  expect(await modal.getByRole("textbox", { name: /^Stage 2/ }).inputValue()).toBe("Interview");
  expect(await modal.getByRole("textbox", { name: /^Stage 3/ }).inputValue()).toBe("Offer");

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
  // Saved stages stay: only a stage added in this edit could be removed.
  expect(await edit.getByRole("button", { name: /^Remove stage/ }).count()).toBe(0);
  await edit.getByRole("textbox", { name: /^Stage 2/ }).fill("Phone screen");
  await edit.getByRole("button", { name: "Update" }).click();
  await edit.waitFor({ state: "detached" });
  expect(await stripNames(page, "Backend")).toEqual(["Sourced", "Phone screen", "Offer"]);
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
  const workspaceId = await createWorkspace(page, "Sales hiring");
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
