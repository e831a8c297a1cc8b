import { randomUUID } from "node:crypto";
import { candidacyIdOf } from "@hirestream/contracts/candidacies/candidacy-id.ts";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { postThroughApi, projectWithWorkflow } from "./api-setup.ts";
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

async function putThroughApi(page: Page, path: string, data: unknown): Promise<void> {
  const response = await page.request.put(`/api/v1${path}`, {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    data,
  });
  expect(response.status(), `${path}: ${await response.text()}`).toBeLessThan(300);
}

/** The stage of the project's own workflow copy with this name, once the server has it. */
async function stageOf(projectId: string, name: string): Promise<string> {
  const copy = await eventually(
    () =>
      e2e.app.db.selectFrom("read.workflows").select("stages").where("project_id", "=", projectId).executeTakeFirst(),
    (found) => found !== undefined,
  );
  const stage = copy?.stages.find((candidate) => candidate.name === name);
  if (!stage) throw new Error(`no stage ${name} in project ${projectId}`);
  return stage.id;
}

async function personIdOf(email: string): Promise<string> {
  const person = await eventually(
    () => e2e.app.db.selectFrom("read.people").select("id").where("email", "=", email).executeTakeFirst(),
    (found) => found !== undefined,
  );
  if (!person) throw new Error(`no person ${email}`);
  return person.id;
}

interface Pipeline {
  workspaceId: string;
  /** In Data platform (Screening, Interested) and in ML research (Interview, Follow up). */
  maya: string;
  /** In no project. */
  tomas: string;
}

/**
 * A workspace with two projects and two people: Maya is in both, at a stage of each with a
 * response, Tomás in neither. All through the API, as another device of the same user would.
 */
async function setUp(page: Page, email: string): Promise<Pipeline> {
  await signUpThroughScreens(page, email);
  const workspaceId = await createWorkspaceThroughScreens(page, "Data hiring", e2e);
  const platform = await projectWithWorkflow(page, workspaceId, "Data platform");
  const research = await projectWithWorkflow(page, workspaceId, "ML research");
  const csv = [
    "first_name,last_name,email,company,title",
    `Maya,Okafor,maya.${email},Northwind Analytics,Data Engineer`,
    `Tomás,Lindqvist,tomas.${email},Fjord Systems,Platform Engineer`,
  ].join("\n");
  const imported = await page.request.post("/api/v1/people/import_csv", {
    headers: { ...(await sessionHeadersOf(page)), "idempotency-key": randomUUID() },
    multipart: {
      "data[workspace_id]": workspaceId,
      "data[file]": { name: "people.csv", mimeType: "text/csv", buffer: Buffer.from(csv) },
    },
  });
  expect(imported.status(), await imported.text()).toBe(200);
  const maya = await personIdOf(`maya.${email}`);
  const tomas = await personIdOf(`tomas.${email}`);
  for (const [projectId, stage, response] of [
    [platform, "Screening", "interested"],
    [research, "Interview", "follow_up"],
  ] as const) {
    await postThroughApi(page, `/workspaces/${workspaceId}/projects/${projectId}/assign_people`, {
      people_attributes: [{ person_id: maya, stage_id: await stageOf(projectId, stage) }],
    });
    await putThroughApi(
      page,
      `/projects/${projectId}/project_people/${candidacyIdOf(projectId, maya)}/person_response`,
      {
        response,
      },
    );
  }
  return { workspaceId, maya, tomas };
}

/** The entry of one project in a list: the list item that links to it. */
const projectEntry = (scope: Locator, project: string) =>
  scope.getByRole("listitem").filter({ has: scope.page().getByRole("link", { name: project, exact: true }) });

it("shows a person's projects with stage and response on all three profile routes, and someone in none says so", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  const { workspaceId, maya, tomas } = await setUp(page, "profiles@example.com");

  for (const route of [
    `/profile/${maya}`,
    `/workspaces/${workspaceId}/profile/${maya}`,
    `/workspaces/${workspaceId}/people/${maya}`,
  ]) {
    await page.goto(route);
    await page.getByRole("heading", { name: "Maya Okafor" }).waitFor();
    const panel = page.getByRole("region", { name: "Projects" });
    const platform = projectEntry(panel, "Data platform");
    await platform.getByText("Screening", { exact: true }).waitFor();
    await platform.getByText("Interested", { exact: true }).waitFor();
    const research = projectEntry(panel, "ML research");
    await research.getByText("Interview", { exact: true }).waitFor();
    await research.getByText("Follow up", { exact: true }).waitFor();
    expect(await panel.getByRole("listitem").count(), route).toBe(2);
    expect(await panel.getByText("Not in any project").count(), route).toBe(0);
    expect(await platform.getByRole("link", { name: "Data platform" }).getAttribute("href")).toMatch(
      new RegExp(`^/workspaces/${workspaceId}/project/[0-9a-f-]+$`),
    );
  }

  await page.goto(`/workspaces/${workspaceId}/people/${tomas}`);
  await page.getByRole("heading", { name: "Tomás Lindqvist" }).waitFor();
  const panel = page.getByRole("region", { name: "Projects" });
  await panel.getByText("Not in any project you have access to.").waitFor();
  expect(await panel.getByRole("listitem").count()).toBe(0);
  await context.close();
}, 60_000);

it("opens the top bar's search with the mouse, and its results name each candidate's projects and stages", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await setUp(page, "search@example.com");
  await page.goto("/workspaces");
  const box = page.getByRole("textbox", { name: "Search for a talent" });
  await box.click();
  await page.waitForFunction(
    () => document.querySelector("input[aria-label='Search for a talent']")?.getBoundingClientRect().width === 480,
  );
  expect(await box.evaluate((element) => element === document.activeElement)).toBe(true);
  await page.keyboard.type("Northwind");
  await page.keyboard.press("Enter");
  await page.waitForURL("**/talent_search?search_by=Northwind");
  const row = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Maya Okafor", exact: true }) });
  const platform = projectEntry(row, "Data platform");
  await platform.getByText("Screening", { exact: true }).waitFor();
  await platform.getByText("Interested", { exact: true }).waitFor();
  const research = projectEntry(row, "ML research");
  await research.getByText("Interview", { exact: true }).waitFor();
  await research.getByText("Follow up", { exact: true }).waitFor();

  // A search from the box again: someone in no project says so in the same column.
  await box.click();
  await box.fill("Fjord");
  await box.press("Enter");
  await page.waitForURL("**/talent_search?search_by=Fjord");
  const tomas = page.getByRole("row").filter({ has: page.getByRole("link", { name: "Tomás Lindqvist", exact: true }) });
  await tomas.getByText("No project you have access to").waitFor();
  await context.close();
}, 60_000);
