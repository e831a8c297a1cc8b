import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { postThroughApi, projectWithWorkflow } from "./api-setup.ts";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

// Forms and confirmations as the spec has them: Update disabled until something changed, the only
// owner's controls, confirmations, withdrawn invitations, typed workflow titles, natural order.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const linkRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function send(page: Page, method: "PUT" | "DELETE", path: string, data?: unknown) {
  const response = await page.request.fetch(`/api/v1${path}`, {
    method,
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    ...(data === undefined ? {} : { data }),
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

function invite(page: Page, projectId: string, email: string) {
  return postThroughApi(page, "/invitations", {
    data: {
      type: "invitation",
      attributes: {
        user_to_email: email,
        invitable_type: "Project",
        invitable_id: projectId,
        workspace_role: "viewer",
        project_role: "collaborator",
      },
    },
  });
}

function template(page: Page, workspaceId: string, name: string) {
  return postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    data: {
      type: "workflows",
      attributes: { name, description: "", stages_attributes: [{ name: "A" }, { name: "B" }, { name: "C" }] },
    },
  });
}

it("Edit Workspace says Update, disabled until the name changed", async () => {
  const page = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(page, "update-button@example.com");
  await createWorkspaceThroughScreens(page, "Design hiring");
  await linkRow(page, "Design hiring").getByRole("button", { name: "Actions for Design hiring" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const dialog = page.getByRole("dialog", { name: "Edit Workspace" });
  const update = dialog.getByRole("button", { name: "Update" });
  expect(await update.isDisabled()).toBe(true);
  const name = dialog.getByRole("textbox", { name: /^Name/ });
  await name.fill("Design hiring 2027");
  expect(await update.isEnabled()).toBe(true);
  await name.fill("Design hiring");
  expect(await update.isDisabled()).toBe(true);
  await name.fill("Product design");
  await update.click();
  await linkRow(page, "Product design").waitFor();
});

it("names sort naturally: Case2 before Case10 among workspaces and workflows", async () => {
  const page = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(page, "natural-order@example.com");
  await createWorkspaceThroughScreens(page, "Case10");
  const workspaceId = await createWorkspaceThroughScreens(page, "Case2", e2e);
  await page.goto("/workspaces");
  // Both rows must be on screen before their order is read: the replica may hold one a moment sooner.
  await linkRow(page, "Case10").waitFor();
  await linkRow(page, "Case2").waitFor();
  const workspaces = await page.getByRole("main").getByRole("link").allTextContents();
  expect(workspaces.filter((name) => name.startsWith("Case"))).toEqual(["Case2", "Case10"]);

  await template(page, workspaceId, "Pipeline 10");
  await template(page, workspaceId, "Pipeline 9");
  await page.goto(`/workspaces/${workspaceId}/workflows`);
  await page.getByText("Pipeline 10", { exact: true }).waitFor();
  await page.getByText("Pipeline 9", { exact: true }).waitFor();
  const shown = await page.getByText(/^Pipeline \d+$/).allTextContents();
  expect(shown).toEqual(["Pipeline 9", "Pipeline 10"]);
});

it("the Access tab: the only owner's controls are disabled, removing asks first, a pending invitation is withdrawn and leaves the invitee's bell", async () => {
  const owner = await (await e2e.newContext()).newPage();
  const member = await (await e2e.newContext()).newPage();
  const invitee = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(owner, "access-owner@example.com");
  await signUpThroughScreens(member, "access-member@example.com");
  await signUpThroughScreens(invitee, "access-invitee@example.com");
  const workspaceId = await createWorkspaceThroughScreens(owner, "Access rules", e2e);
  const projectId = await projectWithWorkflow(owner, workspaceId, "Sole owner");
  const joined = await invite(owner, projectId, "access-member@example.com");
  await send(member, "PUT", `/invitations/${joined.data.id}/accept`);
  await invite(owner, projectId, "access-invitee@example.com");
  await invitee.getByRole("button", { name: "Invitations (1)" }).waitFor();

  await owner.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await owner.getByRole("tab", { name: "Access" }).click();
  const panel = owner.getByRole("tabpanel");
  const self = panel.getByRole("row").filter({ hasText: "access-owner@example.com" });
  expect(await self.getByRole("combobox", { name: "Role of access-owner@example.com" }).isDisabled()).toBe(true);
  expect(await self.getByRole("button", { name: "Remove access-owner@example.com" }).isDisabled()).toBe(true);

  const other = panel.getByRole("row").filter({ hasText: "access-member@example.com" });
  await other.getByRole("button", { name: "Remove access-member@example.com" }).click();
  const confirm = owner.getByRole("dialog", { name: "Remove Member" });
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await confirm.waitFor({ state: "detached" });
  await other.getByText("Active").waitFor();
  await other.getByRole("button", { name: "Remove access-member@example.com" }).click();
  await owner.getByRole("dialog", { name: "Remove Member" }).getByRole("button", { name: "Remove" }).click();
  await other.waitFor({ state: "detached" });

  const pending = panel.getByRole("row").filter({ hasText: "access-invitee@example.com" });
  await pending.getByText("Pending").waitFor();
  await pending.getByRole("button", { name: "Withdraw the invitation of access-invitee@example.com" }).click();
  await owner.getByRole("dialog", { name: "Withdraw Invitation" }).getByRole("button", { name: "Withdraw" }).click();
  await pending.waitFor({ state: "detached" });
  // The invitee's open browser loses it, without a reload.
  await invitee.getByRole("button", { name: "Invitations", exact: true }).waitFor();
  const status = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.invitations")
        .select("status")
        .where("to_email", "=", "access-invitee@example.com")
        .executeTakeFirst(),
    (found) => found?.status === "inactive",
  );
  expect(status).toEqual({ status: "inactive" });
});

it("an archived project says Archived in the list, as in the Show modal", async () => {
  const page = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(page, "archived-label@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Archive room", e2e);
  const projectId = await projectWithWorkflow(page, workspaceId, "Old search");
  await send(page, "PUT", `/workspaces/${workspaceId}/projects/${projectId}`, {
    data: { type: "projects", id: projectId, attributes: { status: "Archived" } },
  });
  await page.goto(`/workspaces/${workspaceId}/projects`);
  await page.getByRole("tab", { name: /^Archived/ }).click();
  const row = linkRow(page, "Old search");
  await row.getByText("Archived", { exact: true }).waitFor();
  expect(await row.getByText("Inactive", { exact: true }).count()).toBe(0);
});

it("New Project takes a typed workflow title: the project is made with a new workflow of that name", async () => {
  const page = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(page, "typed-workflow@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Typed titles", e2e);
  await template(page, workspaceId, "Existing pipeline");
  await page.goto(`/workspaces/${workspaceId}/projects`);
  await page.getByRole("main").getByRole("button", { name: "New project" }).click();
  const modal = page.getByRole("dialog", { name: "New Project" });
  await modal.getByRole("textbox", { name: /^Title/ }).fill("Nurses");
  await modal.getByRole("combobox", { name: /^Priority/ }).click();
  await page.getByRole("option", { name: "Medium", exact: true }).click();
  await modal.getByRole("combobox", { name: /^Workflow/ }).fill("Nursing pipeline");
  await modal.getByRole("button", { name: "Create" }).click();
  await page.getByText("Project Nurses created correctly.").waitFor();

  await linkRow(page, "Nurses").getByRole("link", { name: "Nurses", exact: true }).click();
  await page.getByRole("tab", { name: "Workflow" }).click();
  await page.getByText("Nursing pipeline").first().waitFor();
  const project = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.projects as p")
        .innerJoin("read.workflows as w", "w.id", "p.workflow_id")
        .select(["w.name", "w.assigned_to"])
        .where("p.name", "=", "Nurses")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  expect(project).toEqual({ name: "Nursing pipeline", assigned_to: "project" });
  // The new title is a template of the workspace now, for the next project.
  const templates = await e2e.app.db
    .selectFrom("read.workflows")
    .select("name")
    .where("workspace_id", "=", workspaceId)
    .where("assigned_to", "=", "template")
    .orderBy("name")
    .execute();
  expect(templates.map((each) => each.name)).toEqual(["Existing pipeline", "Nursing pipeline"]);
});

it("a project made without a workflow shows the pick-a-workflow state, and assigning one works", async () => {
  const page = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(page, "pick-workflow@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Pick later", e2e);
  await template(page, workspaceId, "Warehouse pipeline");
  await page.goto(`/workspaces/${workspaceId}/projects`);
  await page.getByRole("main").getByRole("button", { name: "New project" }).click();
  const modal = page.getByRole("dialog", { name: "New Project" });
  await modal.getByRole("textbox", { name: /^Title/ }).fill("Forklift drivers");
  await modal.getByRole("combobox", { name: /^Priority/ }).click();
  await page.getByRole("option", { name: "Low", exact: true }).click();
  await modal.getByRole("checkbox", { name: "Choose the workflow later" }).check();
  await modal.getByRole("button", { name: "Create" }).click();
  await page.getByText("Project Forklift drivers created correctly.").waitFor();

  await linkRow(page, "Forklift drivers").getByRole("link", { name: "Forklift drivers", exact: true }).click();
  await page.getByRole("tab", { name: "Workflow" }).click();
  await page.getByRole("combobox", { name: "Workflow" }).click();
  await page.getByRole("option", { name: "Warehouse pipeline", exact: true }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("cell", { name: "B", exact: true }).waitFor();
  const assigned = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.projects")
        .select("workflow_id")
        .where("name", "=", "Forklift drivers")
        .executeTakeFirst(),
    (found) => typeof found?.workflow_id === "string",
  );
  expect(assigned?.workflow_id).toEqual(expect.any(String));
});

/** People imported into the project's first stage through the API, one import per call. */
async function importInto(page: Page, workspaceId: string, projectId: string, csv: string) {
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

it("the project's people list says its order in the header: newest added first, and a move keeps the place", async () => {
  const page = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(page, "people-order@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Ordered", e2e);
  const projectId = await projectWithWorkflow(page, workspaceId, "Ordered search");
  await importInto(page, workspaceId, projectId, "first_name,last_name,email\nAnn,Early,ann@example.com");
  // The server's clock stands still in tests: a minute on, Ben is added later than Ann.
  e2e.app.clock.now = new Date(e2e.app.clock.now.getTime() + 60_000);
  await importInto(page, workspaceId, projectId, "first_name,last_name,email\nBen,Later,ben@example.com");
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await page.getByRole("columnheader", { name: "Added ↓" }).waitFor();
  const names = page.getByRole("link", { name: /^(Ann Early|Ben Later)$/ });
  // Each row shows as it lands in the replica, Ann's possibly before Ben's: wait for both, in order.
  await expect.poll(() => names.allTextContents(), { timeout: 15_000 }).toEqual(["Ben Later", "Ann Early"]);
  await page.getByRole("combobox", { name: "Stage of Ben Later", exact: true }).selectOption({ label: "Interview" });
  await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.candidacies")
        .select("status")
        .where("project_id", "=", projectId)
        .where("status", "=", "Interview")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  expect(await names.allTextContents()).toEqual(["Ben Later", "Ann Early"]);
});
