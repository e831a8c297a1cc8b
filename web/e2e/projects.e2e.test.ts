import { readFile } from "node:fs/promises";
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

const ARCHIVE_TEXT = "You'll not be able to edit or modify anything inside this project after you archive it.";

/** The server's own record, read from the read model: proof the change left the browser. */
async function serverProject(name: string) {
  return e2e.app.db
    .selectFrom("read.projects")
    .select(["id", "status", "workflow_id", "priority", "start_date", "deadline"])
    .where("name", "=", name)
    .executeTakeFirst();
}

const row = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function sessionOf(page: Page): Promise<Record<string, string>> {
  return { ...(await sessionHeadersOf(page)), "idempotency-key": crypto.randomUUID() };
}

/** A workflow template made through the API. */
async function createWorkflowThroughApi(page: Page, workspaceId: string, name: string): Promise<string> {
  const response = await page.request.post(`/api/v1/workspaces/${workspaceId}/workflows`, {
    headers: await sessionOf(page),
    data: {
      data: {
        type: "workflows",
        attributes: {
          name,
          description: "",
          stages_attributes: [{ name: "Sourced" }, { name: "Contacted" }, { name: "Interview" }],
        },
      },
    },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { id: string } };
  return body.data.id;
}

async function choose(page: Page, label: RegExp, option: string): Promise<void> {
  await page.getByRole("dialog").getByRole("combobox", { name: label }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

it("creates a project with a workflow, switches it off, archives it read-only and removes it", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "projects@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Engineering hiring", e2e);
  const templateId = await createWorkflowThroughApi(page, workspaceId, "Engineering pipeline");

  await page.goto("/workspaces/me/projects");
  await page.getByText("You have no projects yet.").waitFor();
  // The list has answered: a fresh profile's first sync, held for the screen's first rows, goes on.
  const emptyShown = () => performance.getEntriesByName("hirestream:empty-shown").length;
  const marks = await eventually(
    () => page.evaluate(emptyShown),
    (count) => count === 1,
  );
  expect(marks).toBe(1);
  await page.getByRole("main").getByRole("button", { name: "New project" }).click();
  const modal = page.getByRole("dialog", { name: "New Project" });
  await modal.getByRole("button", { name: "Create" }).click();
  await modal.getByText("This field is required").first().waitFor();

  await modal.getByRole("textbox", { name: /^Title/ }).fill("Backend engineers");
  await modal.getByRole("textbox", { name: /^Description/ }).fill("Berlin office, Go and Postgres");
  await modal.getByText("30/100").waitFor();
  await choose(page, /^Priority/, "High");
  await choose(page, /^Workflow/, "Engineering pipeline");
  await modal.getByLabel("Start date").fill("2026-12-01");
  await modal.getByLabel("Deadline").fill("2027-02-01");
  await modal.getByRole("button", { name: "Create" }).click();
  await page.getByText("Project Backend engineers created correctly.").waitFor();

  // Under Current, with its dates and priority, on and off the server.
  const project = row(page, "Backend engineers");
  await project.getByText("Dec 1, 2026 – Feb 1, 2027").waitFor();
  await project.getByText("High").waitFor();
  const created = await eventually(
    () => serverProject("Backend engineers"),
    (found) => found?.workflow_id !== undefined && found.workflow_id !== null,
  );
  expect(created).toMatchObject({ status: "Active", priority: "High" });
  expect(created?.workflow_id).not.toBe(templateId);

  await project.getByRole("switch", { name: "Active: Backend engineers" }).click();
  await project.getByText("Inactive").waitFor();
  expect(
    await eventually(
      () => serverProject("Backend engineers"),
      (found) => found?.status === "Inactive",
    ),
  ).toMatchObject({ status: "Inactive" });

  await project.getByRole("button", { name: "Actions for Backend engineers" }).click();
  await page.getByRole("menuitem", { name: "Archive" }).click();
  const archive = page.getByRole("dialog", { name: "Archive Project" });
  await archive.getByText(ARCHIVE_TEXT, { exact: true }).waitFor();
  await archive.getByRole("button", { name: "Archive" }).click();
  await page.getByText("No current projects.").waitFor();
  expect(
    await eventually(
      () => serverProject("Backend engineers"),
      (found) => found?.status === "Archived",
    ),
  ).toMatchObject({ status: "Archived" });

  await page.getByRole("tab", { name: /^Archived/ }).click();
  await row(page, "Backend engineers").getByRole("button", { name: "Actions for Backend engineers" }).click();
  // The menu opens with a transition: its items are read once they are there.
  await page.getByRole("menuitem", { name: "Show" }).waitFor();
  const entries = await page.getByRole("menuitem").allTextContents();
  expect(entries).toEqual(["Show", "Remove"]);
  await page.keyboard.press("Escape");

  // Opened, an archived project has no Message tab and nothing that changes it.
  await row(page, "Backend engineers").getByRole("link", { name: "Backend engineers" }).click();
  await page.waitForURL(`**/workspaces/${workspaceId}/project/${created?.id}`);
  await page.getByRole("tab", { name: "Workflow" }).waitFor();
  expect(await page.getByRole("tab").allTextContents()).toEqual(["People", "Workflow", "Access"]);
  expect(await page.getByRole("main").getByRole("switch").count()).toBe(0);
  const crumb = page.getByRole("navigation", { name: "Breadcrumbs" }).getByText("Backend engineers");
  await crumb.waitFor();
  expect(await crumb.count()).toBe(1);
  await page.getByRole("tab", { name: "Workflow" }).click();
  await page.getByRole("cell", { name: "Interview" }).waitFor();
  expect(await page.getByRole("link", { name: "Edit workflow" }).count()).toBe(0);
  await page.getByRole("button", { name: "Actions for Backend engineers" }).click();
  await page.getByRole("menuitem", { name: "Show" }).waitFor();
  expect(await page.getByRole("menuitem").allTextContents()).toEqual(["Show", "Remove"]);

  await page.getByRole("menuitem", { name: "Remove" }).click();
  const remove = page.getByRole("dialog", { name: "Remove Project" });
  await remove.getByText("Once deleted it cannot be recovered").waitFor();
  await remove.getByRole("button", { name: "Remove" }).click();
  await page.getByText("Project deleted.").waitFor();
  await page.waitForURL(`**/workspaces/${workspaceId}/projects`);
  expect(
    await eventually(
      () => serverProject("Backend engineers"),
      (found) => found === undefined,
    ),
  ).toBeUndefined();
  await context.close();
});

/** A project made through the API without a workflow, as an outside client may. */
async function createBareProjectThroughApi(page: Page, workspaceId: string, name: string): Promise<string> {
  const response = await page.request.post(`/api/v1/workspaces/${workspaceId}/projects`, {
    headers: await sessionOf(page),
    data: { data: { type: "projects", attributes: { name, priority: "Low", status: "Active" } } },
  });
  expect(response.status()).toBe(201);
  const body = (await response.json()) as { data: { id: string } };
  return body.data.id;
}

it("gets an empty project to work: assigns a workflow, keeps a file, shows the Message tab's empty state", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "project-work@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Sales hiring", e2e);
  await createWorkflowThroughApi(page, workspaceId, "Sales pipeline");
  const projectId = await createBareProjectThroughApi(page, workspaceId, "Account executives");

  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await page.getByRole("heading", { name: "Let's get to work!" }).waitFor();
  await page.getByText("Assign a workflow first").waitFor();
  expect(await page.getByRole("link", { name: "Go to People" }).getAttribute("href")).toBe(
    `/workspaces/${workspaceId}/people`,
  );
  expect(await page.getByRole("link", { name: "Go to Talent Pool" }).getAttribute("href")).toBe("/talent_pool");
  await page.getByText("Candidates are also added to the workspace and the Talent Pool.", { exact: false }).waitFor();

  await page.getByRole("tab", { name: "Workflow" }).click();
  await page.getByRole("combobox", { name: "Workflow" }).click();
  await page.getByRole("option", { name: "Sales pipeline", exact: true }).click();
  await page.getByRole("button", { name: "Continue" }).click();
  await page.getByRole("cell", { name: "Contacted" }).waitFor();
  await page.getByRole("link", { name: "Edit workflow" }).waitFor();
  const assigned = await eventually(
    () => serverProject("Account executives"),
    (found) => found?.workflow_id !== null && found?.workflow_id !== undefined,
  );
  // The project's copy of the workflow reaches its read model on its own, maybe a batch later.
  const copy = await eventually(
    () =>
      e2e.app.db
        .selectFrom("read.workflows")
        .select(["assigned_to", "project_id"])
        .where("id", "=", assigned?.workflow_id ?? "")
        .executeTakeFirst(),
    (found) => found !== undefined,
  );
  expect(copy).toEqual({ assigned_to: "project", project_id: projectId });

  await page.getByRole("tab", { name: "Message" }).click();
  await page.getByText("Assign this project a workflow containing a sequence", { exact: false }).waitFor();
  expect(await page.getByRole("link", { name: "Connect credentials in Integrations" }).getAttribute("href")).toBe(
    `/workspaces/${workspaceId}/integrations`,
  );

  await page.getByRole("button", { name: "Files" }).click();
  const files = page.getByRole("dialog", { name: "Project files" });
  await files.getByText("No files in this project yet.").waitFor();
  await files.locator("input[type=file]").setInputFiles({
    name: "job-description.txt",
    mimeType: "text/plain",
    buffer: Buffer.from("Account executive, Berlin"),
  });
  await files.getByRole("button", { name: "Upload" }).click();
  await files.getByRole("cell", { name: "job-description.txt", exact: true }).waitFor();
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    files.getByRole("button", { name: "Download job-description.txt" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("job-description.txt");
  expect(await readFile(await download.path(), "utf8")).toBe("Account executive, Berlin");
  await context.close();
});
