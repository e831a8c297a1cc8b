import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { importThroughApi, postThroughApi, projectThroughApi } from "./api-setup.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E({ reactions: true });
});
afterAll(async () => {
  await e2e?.close();
});

/** The runs the project's candidates had stopped, once the reactions have run. */
async function stopsOf(projectId: string) {
  await e2e.app.reactions?.settle();
  const { rows } = await e2e.app.pool.query<{ n: number }>(
    "select count(*)::int as n from events where type = 'ProcessorStopped' and data->>'projectId' = $1",
    [projectId],
  );
  return rows[0]?.n ?? 0;
}

/** The statuses of the runs under the payloads the page's replica holds. */
const runsHeld = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<string[]>((resolve, reject) => {
        const opening = indexedDB.open("hirestream-replica");
        opening.onerror = () => reject(opening.error);
        opening.onsuccess = () => {
          const db = opening.result;
          const reading = db.transaction("payloads").objectStore("payloads").getAll();
          reading.onsuccess = () => {
            resolve(reading.result.map((payload: { processor: { status: string } }) => payload.processor.status));
            db.close();
          };
          reading.onerror = () => reject(reading.error);
        };
      }),
  );

const stageOfRow = (page: Page, name: string) => page.getByRole("combobox", { name: `Stage of ${name}`, exact: true });

/** A project whose first stage, Sourced, starts a sequence, and Grace Hopper imported into it. */
async function setUp(page: Page, workspaceId: string): Promise<string> {
  const sequence = await postThroughApi(page, `/workspaces/${workspaceId}/sequences`, {
    name: "First touch",
    steps: [{ template_subject: "Hi", template_body: "<p>Hello</p>" }],
  });
  const template = await postThroughApi(page, `/workspaces/${workspaceId}/workflows`, {
    name: "Outreach pipeline",
    stages_attributes: [
      { name: "Sourced", sequence_id: sequence.data.id },
      { name: "Contacted" },
      { name: "Interview" },
    ],
  });
  const projectId = await projectThroughApi(page, workspaceId, template.data.id);
  await importThroughApi(page, workspaceId, projectId, "first_name,last_name,email\nGrace,Hopper,grace@navy.mil");
  return projectId;
}

it("asks before moving a candidate whose stage runs a sequence, and stops the run once confirmed", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "sequence-stopper@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Outreach team", e2e);
  const projectId = await setUp(page, workspaceId);
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);

  // Her run reaches the replica; moving her then asks first, and Cancel leaves her where she is.
  await stageOfRow(page, "Grace Hopper").waitFor();
  await expect.poll(() => runsHeld(page), { timeout: 15_000 }).toEqual(["pending"]);
  const dialog = page.getByRole("dialog", { name: "Move Person" });
  await stageOfRow(page, "Grace Hopper").selectOption({ label: "Contacted" });
  await dialog.getByText("This action will stop the sequence").waitFor();
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await dialog.waitFor({ state: "detached" });
  expect(await stopsOf(projectId)).toBe(0);

  await stageOfRow(page, "Grace Hopper").selectOption({ label: "Contacted" });
  await dialog.getByRole("button", { name: "Move" }).click();
  // Closing, the dialog still says what it asked.
  expect(
    await page
      .getByRole("dialog")
      .getByText(/^Remove /)
      .count(),
  ).toBe(0);
  await page.getByRole("dialog").waitFor({ state: "detached" });
  await expect.poll(() => stopsOf(projectId), { timeout: 15_000 }).toBe(1);
  await expect.poll(() => runsHeld(page), { timeout: 15_000 }).toEqual(["inactive"]);

  await context.close();
}, 120_000);
