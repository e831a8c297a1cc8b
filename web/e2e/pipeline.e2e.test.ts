import { randomUUID } from "node:crypto";
import { readFile } from "node:fs/promises";
import path from "node:path";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projectWithWorkflow } from "./api-setup.ts";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { goOffline } from "./offline.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const allFieldsCsv = path.join(import.meta.dirname, "..", "public", "people_import_example_all_fields.csv");

const row = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

const people = [
  ["Maya", "Okafor", "maya@example.com", "Northwind Analytics", "Data Engineer"],
  ["Tomás", "Lindqvist", "tomas@example.com", "Fjord Systems", "Platform Engineer"],
  ["Ada", "Quinn", "ada@example.com", "Contoso", "Analyst"],
  ["Bo", "Reyes", "bo@example.com", "Fabrikam", "Designer"],
] as const;

/** A workflow template, a project made with it and four people imported into the workspace, all through the API. */
async function setUp(page: Page, workspaceId: string): Promise<string> {
  const projectId = await projectWithWorkflow(page, workspaceId, "Data platform");
  const csv = ["first_name,last_name,email,company,title", ...people.map((fields) => fields.join(","))].join("\n");
  const imported = await page.request.post("/api/v1/people/import_csv", {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    multipart: {
      "data[workspace_id]": workspaceId,
      "data[file]": { name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  return projectId;
}

/** The server's candidacies of the project by first name, through the API the spec names. */
async function serverPipeline(page: Page, projectId: string) {
  const response = await page.request.get(`/api/v1/projects/${projectId}/project_people?limit=50`, {
    headers: await sessionHeadersOf(page),
  });
  expect(response.status()).toBe(200);
  const body = (await response.json()) as {
    data: { attributes: { person_id: string; status: string; response: string | null } }[];
    included?: { id: string; type: string; attributes: { first_name?: string | null } }[];
  };
  const names = new Map((body.included ?? []).map((item) => [item.id, item.attributes.first_name ?? ""]));
  return Object.fromEntries(
    body.data.map((item) => [
      names.get(item.attributes.person_id) ?? item.attributes.person_id,
      { status: item.attributes.status, response: item.attributes.response },
    ]),
  );
}

/** A Mantine Select: a combobox when searchable, else a read-only textbox. */
const select = (scope: Page | Locator, name: string) =>
  scope.getByRole("combobox", { name, exact: true }).or(scope.getByRole("textbox", { name, exact: true }));

/** Picks `option` in a dropdown: the browser's own (the board's rows) or Mantine's (forms). */
async function choose(page: Page, field: string, option: string, scope: Page | Locator = page): Promise<void> {
  const control = select(scope, field);
  if ((await control.evaluate((element) => element.tagName)) === "SELECT") {
    await control.selectOption({ label: option });
    return;
  }
  await control.click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

const chip = (page: Page, label: string) => page.locator("label", { hasText: label }).first();

it("assigns people to a project, moves them along its stages on and off line, answers, removes, and counts them", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "pipeline@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Data hiring", e2e);
  const projectId = await setUp(page, workspaceId);

  // Assign everyone from the workspace's People to the project.
  await page.goto(`/workspaces/${workspaceId}/people`);
  for (const [first, last] of people) await row(page, `${first} ${last}`).waitFor();
  await page.getByRole("button", { name: "Export People" }).click();
  const exportModal = page.getByRole("dialog", { name: "Export People" });
  await exportModal.getByText("Candidates: 0").waitFor();
  await choose(page, "Project", "Data platform", exportModal);
  expect(await exportModal.getByRole("button", { name: "Export" }).isDisabled()).toBe(true);
  await exportModal.getByRole("button", { name: "Cancel" }).click();
  await page.getByRole("checkbox", { name: "Select all people on this page" }).check();
  await page.getByText("Selected (4)").waitFor();
  const assign = page.getByRole("button", { name: "Assign", exact: true });
  expect(await assign.isDisabled()).toBe(true);
  await choose(page, "Project", "Data platform", page.getByRole("main"));
  await assign.click();
  const confirm = page.getByRole("dialog", { name: "Assign People" });
  await confirm.getByText("Assign 4 people to Data platform?", { exact: false }).waitFor();
  await confirm.getByRole("button", { name: "Assign" }).click();
  await page.getByText("Candidates assigned").waitFor();
  await page.getByText("Selected (0)").waitFor();
  expect(await select(page, "Project").inputValue()).toBe("");
  const everyoneSourced = await eventually(
    () => serverPipeline(page, projectId),
    (pipeline) => Object.keys(pipeline).length === 4,
  );
  expect(Object.values(everyoneSourced).map((candidate) => candidate.status)).toEqual([
    "Sourced",
    "Sourced",
    "Sourced",
    "Sourced",
  ]);

  // The pipeline: chips with counts, and the stage dropdown.
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await chip(page, "All (4)").waitFor();
  await chip(page, "Sourced (4)").waitFor();
  await chip(page, "Screening (0)").waitFor();
  await choose(page, "Stage of Maya Okafor", "Screening");
  await chip(page, "Screening (1)").click();
  await row(page, "Tomás Lindqvist").waitFor({ state: "detached" });
  await row(page, "Maya Okafor").waitFor();
  expect(await page.getByRole("row").count()).toBe(2);
  expect(
    (
      await eventually(
        () => serverPipeline(page, projectId),
        (pipeline) => pipeline.Maya?.status === "Screening",
      )
    ).Maya,
  ).toEqual({ status: "Screening", response: null });

  // Offline, a move shows at once as pending, and reaches the server once back online.
  await chip(page, "All (4)").click();
  await row(page, "Tomás Lindqvist").waitFor();
  await goOffline(page);
  await choose(page, "Stage of Tomás Lindqvist", "Interview");
  await row(page, "Tomás Lindqvist").getByText("Pending").waitFor();
  await chip(page, "Interview (1)").waitFor();
  await context.setOffline(false);
  await row(page, "Tomás Lindqvist").getByText("Pending").waitFor({ state: "detached", timeout: 15_000 });
  expect(
    (
      await eventually(
        () => serverPipeline(page, projectId),
        (pipeline) => pipeline.Tomás?.status === "Interview",
      )
    ).Tomás,
  ).toEqual({ status: "Interview", response: null });

  // Several at once: the selected candidates move together, and stay selected for what comes next.
  await row(page, "Ada Quinn").getByRole("checkbox", { name: "Select Ada Quinn" }).check();
  await row(page, "Bo Reyes").getByRole("checkbox", { name: "Select Bo Reyes" }).check();
  await page.getByText("Selected (2)").waitFor();
  await choose(page, "Move selected candidates to stage", "Screening");
  await chip(page, "Screening (3)").waitFor();
  await chip(page, "Sourced (0)").waitFor();
  await page.getByText("Selected (2)").waitFor();
  expect(await select(page, "Move selected candidates to stage").inputValue()).toBe("");
  expect(await select(page, "Stage of Bo Reyes").inputValue()).toBe(
    await select(page, "Stage of Maya Okafor").inputValue(),
  );
  const movedTogether = await eventually(
    () => serverPipeline(page, projectId),
    (pipeline) => pipeline.Ada?.status === "Screening" && pipeline.Bo?.status === "Screening",
  );
  expect([movedTogether.Ada?.status, movedTogether.Bo?.status]).toEqual(["Screening", "Screening"]);

  // A response, a search on Enter, and a removal.
  await choose(page, "Response of Ada Quinn", "Interested");
  expect(
    (
      await eventually(
        () => serverPipeline(page, projectId),
        (pipeline) => pipeline.Ada?.response === "interested",
      )
    ).Ada,
  ).toEqual({ status: "Screening", response: "interested" });
  const search = page.getByRole("textbox", { name: "Search candidates" });
  await search.fill("fabrikam");
  await search.press("Enter");
  await row(page, "Ada Quinn").waitFor({ state: "detached" });
  await row(page, "Bo Reyes").getByRole("button", { name: "Actions for Bo Reyes" }).click();
  await page.getByRole("menuitem", { name: "Remove" }).click();
  await page.getByRole("dialog", { name: "Remove Person" }).getByRole("button", { name: "Remove" }).click();
  await chip(page, "All (3)").waitFor();
  await page.getByText("No results").waitFor();
  expect(
    Object.keys(
      await eventually(
        () => serverPipeline(page, projectId),
        (pipeline) => !("Bo" in pipeline),
      ),
    ).sort(),
  ).toEqual(["Ada", "Maya", "Tomás"]);

  // From the talent pool a workspace is picked first; its projects follow.
  await page.goto("/talent_pool");
  await row(page, "Bo Reyes").getByRole("checkbox", { name: "Select Bo Reyes" }).check();
  await page.getByText("Selected (1)").waitFor();
  expect(await select(page, "Project").isDisabled()).toBe(true);
  await choose(page, "Workspace", "Data hiring");
  await choose(page, "Project", "Data platform");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await page.getByRole("dialog", { name: "Assign People" }).getByRole("button", { name: "Assign" }).click();
  await page.getByText("Candidates assigned").waitFor();
  expect(await select(page, "Workspace").inputValue()).toBe("");
  expect(
    (
      await eventually(
        () => serverPipeline(page, projectId),
        (pipeline) => "Bo" in pipeline,
      )
    ).Bo,
  ).toEqual({ status: "Sourced", response: null });

  // The dashboard counts the project, and its CSV says the same.
  await page.goto(`/workspaces/${workspaceId}/home`);
  const dashboardRow = row(page, "Data platform");
  await dashboardRow.locator("[data-stat=sourced]").getByText("4", { exact: true }).waitFor();
  expect(await dashboardRow.locator("[data-stat=interested]").textContent()).toBe("1");
  expect(await dashboardRow.locator("[data-stat=open_rate]").textContent()).toBe("0%");
  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("button", { name: "Export Data hiring as CSV" }).click(),
  ]);
  expect(download.suggestedFilename()).toBe("Data hiring_analytics.csv");
  const downloaded = await download.path();
  const csv = await readFile(downloaded, "utf8");
  expect(csv.split("\r\n")).toEqual([
    "Project,Sourced,Contacted,Replies,Interested,Not Interested,Follow Up,Open Rate",
    "Data platform,4,0,0,1,0,0,0",
    "",
  ]);

  // Archived, the project is read-only: no stage or response changes, no row menu, no selection.
  const archived = await page.request.put(`/api/v1/workspaces/${workspaceId}/projects/${projectId}`, {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    data: { data: { type: "projects", id: projectId, attributes: { status: "Archived" } } },
  });
  expect(archived.status(), await archived.text()).toBe(200);
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await row(page, "Maya Okafor").waitFor();
  expect(await eventually(() => select(page, "Stage of Maya Okafor").isDisabled(), Boolean)).toBe(true);
  expect(await select(page, "Response of Maya Okafor").isDisabled()).toBe(true);
  const table = page.getByRole("table");
  expect(await table.getByRole("button", { name: /^Actions for/ }).count()).toBe(0);
  expect(await table.getByRole("checkbox").count()).toBe(0);
  await context.close();
}, 120_000);

it("imports the all-fields example into a chosen project stage, then assigns from the talent pool to another workspace's project", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "stage-importer@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Design hiring", e2e);
  const projectId = await projectWithWorkflow(page, workspaceId, "Product design");

  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await page.getByText("Let's get to work!").waitFor();
  await page.getByRole("button", { name: "Import CSV" }).click();
  const modal = page.getByRole("dialog", { name: "Add People" });
  expect(await select(modal, "Stage").inputValue()).toBe("Sourced");
  await choose(page, "Stage", "Screening", modal);
  await modal.locator("input[type=file]").setInputFiles(allFieldsCsv);
  await modal.getByText("2 candidates in this file.").waitFor();
  await modal.getByRole("button", { name: "Import" }).click();
  await modal.getByText("Import finished").waitFor();
  expect(await modal.locator("[data-count=new]").textContent()).toBe("2");
  await modal.getByRole("button", { name: "Close" }).click();

  // The people arrive by sync, in the stage chosen.
  await chip(page, "Screening (2)").waitFor();
  await chip(page, "Sourced (0)").waitFor();
  await row(page, "Maya Okafor").waitFor();
  await row(page, "Tomás Lindqvist").waitFor();
  const pipeline = await eventually(
    () => serverPipeline(page, projectId),
    (found) => Object.keys(found).length === 2,
  );
  expect(pipeline).toEqual({
    Maya: { status: "Screening", response: null },
    Tomás: { status: "Screening", response: null },
  });

  // Once the project has people, the People tab imports too, into the first stage by default.
  await page.getByRole("button", { name: "Add People" }).click();
  const again = page.getByRole("dialog", { name: "Add People" });
  expect(await select(again, "Stage").inputValue()).toBe("Sourced");
  await again.getByRole("button", { name: "Cancel" }).click();

  // From the talent pool, one of them goes to a project of another workspace, which takes them in.
  const salesId = await createWorkspaceThroughScreens(page, "Sales hiring", e2e);
  const salesProject = await projectWithWorkflow(page, salesId, "Account executives");
  await page.goto("/talent_pool");
  await row(page, "Maya Okafor").getByRole("checkbox", { name: "Select Maya Okafor" }).check();
  await choose(page, "Workspace", "Sales hiring");
  await choose(page, "Project", "Account executives");
  await page.getByRole("button", { name: "Assign", exact: true }).click();
  await page.getByRole("dialog", { name: "Assign People" }).getByRole("button", { name: "Assign" }).click();
  await page.getByText("Candidates assigned").waitFor();
  expect(
    await eventually(
      () => serverPipeline(page, salesProject),
      (found) => "Maya" in found,
    ),
  ).toEqual({ Maya: { status: "Sourced", response: null } });
  await page.goto(`/workspaces/${salesId}/people`);
  await row(page, "Maya Okafor").waitFor();
  expect(await row(page, "Tomás Lindqvist").count()).toBe(0);
  await context.close();
}, 90_000);
