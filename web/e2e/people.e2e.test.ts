import { randomUUID } from "node:crypto";
import { mkdtemp, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { emptyProfile, type PersonProfile } from "@hirestream/contracts/people/profile.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { goOffline } from "./offline.ts";
import { signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

const allFieldsCsv = path.join(import.meta.dirname, "..", "public", "people_import_example_all_fields.csv");

const personRow = (page: Page, name: string) =>
  page.getByRole("row").filter({ has: page.getByRole("link", { name, exact: true }) });

async function userIdOf(email: string): Promise<string> {
  const user = await e2e.app.db
    .selectFrom("read.users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return user.id;
}

/** A person in the user's talent pool, as the browser extension would add one: no import needed. */
async function addPersonToPool(ownerId: string, fields: Partial<PersonProfile>): Promise<string> {
  const id = randomUUID();
  await appendEvents(
    e2e.app.store,
    `person-${id}`,
    [
      {
        type: "PersonAdded",
        data: {
          personId: id,
          ownerId,
          profile: { ...emptyProfile(), ...fields },
          workspaceId: null,
          source: "extension",
        },
      },
    ],
    { occurredAt: new Date().toISOString(), actor: ownerId, expectedRevision: "no_stream" },
  );
  return id;
}

it("imports the example file into a workspace, then finds, opens and lists the people", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "importer@example.com");
  const workspaceId = await createWorkspaceThroughScreens(page, "Data hiring", e2e);
  await page.goto(`/workspaces/${workspaceId}/people`);
  await page.getByText("No people in this workspace yet.").waitFor();

  await page.getByRole("button", { name: "Add People" }).click();
  const modal = page.getByRole("dialog", { name: "Add People" });
  await expect(modal.getByRole("link", { name: "all fields" }).getAttribute("href")).resolves.toBe(
    "/people_import_example_all_fields.csv",
  );
  expect(await modal.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
  await modal.locator("input[type=file]").setInputFiles(allFieldsCsv);
  await modal.getByText("2 candidates in this file.").waitFor();
  await modal.getByRole("button", { name: "Import" }).click();
  await modal.getByText("Import finished").waitFor();
  expect(await modal.locator("[data-count=new]").textContent()).toBe("2");
  expect(await modal.locator("[data-count=total]").textContent()).toBe("2");
  await modal.getByRole("button", { name: "Close" }).click();

  // The imported people arrive by sync, not from the import's answer.
  await personRow(page, "Maya Okafor").waitFor();
  await personRow(page, "Tomás Lindqvist").waitFor();
  const search = page.getByRole("textbox", { name: "Search people" });
  await search.fill("northwind engineer");
  await search.press("Enter");
  await personRow(page, "Tomás Lindqvist").waitFor({ state: "detached" });
  expect(await page.getByRole("row").count()).toBe(2);
  await search.fill("zebra-crossing");
  await search.press("Enter");
  await page.getByText("No results").waitFor();
  await page.getByRole("button", { name: "Clear search" }).click();
  await personRow(page, "Tomás Lindqvist").waitFor();

  // The row menu's Edit, on the workspace's list.
  await personRow(page, "Tomás Lindqvist").getByRole("button", { name: "Actions for Tomás Lindqvist" }).click();
  await page.getByRole("menuitem", { name: "Edit" }).click();
  const edit = page.getByRole("dialog", { name: "Edit profile" });
  await edit.getByRole("textbox", { name: "Phone" }).fill("+46 70 555 0100");
  await edit.getByRole("button", { name: "Update" }).click();
  await page.getByText("Profile updated.").waitFor();
  const phone = async () =>
    (await e2e.app.db.selectFrom("read.people").select("phone").where("first_name", "=", "Tomás").executeTakeFirst())
      ?.phone;
  expect(await eventually(phone, (value) => value === "+46 70 555 0100")).toBe("+46 70 555 0100");

  await page.getByRole("checkbox", { name: "Select all people on this page" }).check();
  await page.getByText("Selected (2)").waitFor();
  expect(await page.getByRole("button", { name: "Assign" }).isDisabled()).toBe(true);

  await page.getByRole("link", { name: "Maya Okafor", exact: true }).click();
  await page.waitForURL(`**/workspaces/${workspaceId}/people/*`);
  await page.getByRole("heading", { name: "Maya Okafor" }).waitFor();
  await page.getByText("Senior Data Engineer at Northwind Analytics").waitFor();
  await page.getByText("San Francisco, CA, United States").waitFor();
  const linkedin = page.getByRole("link", { name: "LinkedIn" });
  expect(await linkedin.getAttribute("href")).toBe("https://www.linkedin.com/in/example-maya");
  expect(await linkedin.getAttribute("target")).toBe("_blank");
  expect(await linkedin.getAttribute("rel")).toBe("noopener noreferrer");
  await page.getByRole("link", { name: "GitHub" }).waitFor();
  await page.getByText("Builds streaming data platforms; open to staff roles.").waitFor();
  await page.getByRole("region", { name: "Projects" }).getByText("Not in any project you have access to.").waitFor();
  await page.getByRole("region", { name: "Workspaces" }).getByRole("link", { name: "Data hiring" }).waitFor();
  await page.getByText("No Messages").waitFor();
  await page.getByRole("link", { name: "Back to People" }).click();
  await page.waitForURL(`**/workspaces/${workspaceId}/people`);

  // Everything imported is in the importer's own talent pool as well.
  await page.goto("/talent_pool");
  await personRow(page, "Maya Okafor").waitFor();
  await personRow(page, "Tomás Lindqvist").waitFor();
  await page.getByRole("textbox", { name: "Search for a talent" }).fill("Fjord");
  await page.getByRole("textbox", { name: "Search for a talent" }).press("Enter");
  await page.waitForURL("**/talent_search?search_by=Fjord");
  await personRow(page, "Tomás Lindqvist").waitFor();
  expect(await page.getByRole("textbox", { name: "Search people" }).inputValue()).toBe("Fjord");
  await personRow(page, "Maya Okafor").waitFor({ state: "detached" });
  await context.close();
});

it("refuses a file that is not .csv, and one of more than 400 candidates, before uploading", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "careful@example.com");
  await page.goto("/talent_pool");
  await page.getByText("Your Talent Pool is empty.").waitFor();
  await page.getByRole("button", { name: "Add People" }).click();
  const modal = page.getByRole("dialog", { name: "Add People" });
  const file = modal.locator("input[type=file]");

  await file.setInputFiles({ name: "people.xlsx", mimeType: "application/octet-stream", buffer: Buffer.from("x") });
  await modal.getByText("File must be a .csv file").waitFor();
  expect(await modal.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);

  const directory = await mkdtemp(path.join(tmpdir(), "people-e2e-"));
  const tooMany = path.join(directory, "too-many.csv");
  const lines = Array.from({ length: 401 }, (_, index) => `Ann,Lee,ann${index}@example.com`);
  await writeFile(tooMany, ["first_name,last_name,email", ...lines].join("\n"));
  await file.setInputFiles(tooMany);
  await modal.getByText("Limit of candidates must be less of 400").waitFor();
  expect(await modal.getByRole("button", { name: "Import" }).isDisabled()).toBe(true);
  await context.close();
});

it("edits a person offline: pending at once, saved on the server once back online", async () => {
  const context = await e2e.newContext();
  const page = await context.newPage();
  await signUpThroughScreens(page, "offline-editor@example.com");
  const personId = await addPersonToPool(await userIdOf("offline-editor@example.com"), {
    first_name: "Ada",
    last_name: "Quinn",
    email: "ada@example.com",
    company: "Contoso",
    title: "Analyst",
  });
  await page.goto("/talent_pool");
  await personRow(page, "Ada Quinn").waitFor();
  await personRow(page, "Ada Quinn").getByRole("link", { name: "Ada Quinn" }).click();
  await page.waitForURL(`**/profile/${personId}`);
  await page.getByText("No summary").waitFor();

  await goOffline(page);
  await page.getByRole("main").getByRole("button", { name: "Edit", exact: true }).click();
  const modal = page.getByRole("dialog", { name: "Edit profile" });
  const update = modal.getByRole("button", { name: "Update" });
  expect(await update.isDisabled()).toBe(true);
  await modal.getByRole("textbox", { name: "Email", exact: true }).fill("not an email");
  await modal.getByRole("textbox", { name: "Title", exact: true }).first().fill("Lead Analyst");
  await update.click();
  await modal.getByText("Valid email is required").waitFor();
  await modal.getByRole("textbox", { name: "Email", exact: true }).fill("ada@example.com");
  await modal.getByRole("button", { name: "Add experience" }).click();
  await modal.getByRole("textbox", { name: "Company" }).last().fill("Fabrikam");
  await update.click();
  await page.getByText("Profile updated.").waitFor();
  await page.getByText("Lead Analyst at Contoso").waitFor();
  await page.getByRole("main").getByText("Pending").waitFor();
  await page.getByText("Fabrikam").waitFor();
  const serverTitle = async () =>
    (await e2e.app.db.selectFrom("read.people").select("title").where("id", "=", personId).executeTakeFirst())?.title;
  expect(await serverTitle()).toBe("Analyst");

  await context.setOffline(false);
  await page.getByRole("main").getByText("Pending").waitFor({ state: "detached", timeout: 15_000 });
  expect(await eventually(serverTitle, (title) => title === "Lead Analyst")).toBe("Lead Analyst");
  const saved = await e2e.app.db
    .selectFrom("read.people")
    .select(["experience", "email"])
    .where("id", "=", personId)
    .executeTakeFirstOrThrow();
  expect(saved).toEqual({ experience: [{ company: "Fabrikam" }], email: "ada@example.com" });

  await page.goto("/profile/00000000-0000-4000-8000-000000000000");
  await page.getByText("This profile is not available.").waitFor();
  await page.getByRole("link", { name: "Back to People" }).click();
  await page.waitForURL("**/talent_pool");
  await context.close();
});
