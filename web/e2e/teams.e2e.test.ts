import { randomUUID } from "node:crypto";
import type { Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { projectWithWorkflow } from "./api-setup.ts";
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

/** The member's role as the server's read model has it. */
function serverRole(projectId: string, email: string) {
  return e2e.app.db
    .selectFrom("read.project_users")
    .select("role")
    .where("project_id", "=", projectId)
    .where("email", "=", email)
    .executeTakeFirst();
}

/** One candidate in the project, imported through the API into its first stage. */
async function candidateIn(page: Page, workspaceId: string, projectId: string) {
  const csv = "first_name,last_name,email\nMaya,Okafor,maya@example.com";
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

/** The candidate's stage as the server's read model has it. */
async function serverStage(projectId: string) {
  const row = await e2e.app.db
    .selectFrom("read.candidacies")
    .select("status")
    .where("project_id", "=", projectId)
    .executeTakeFirst();
  return row?.status;
}

it("an owner adds a person to a project; the invitee accepts from the bell, the workspace joins their sidebar live and they work in the project; the owner changes their role and removes them, and the project leaves their open browser", async () => {
  const owner = await (await e2e.newContext()).newPage();
  const invitee = await (await e2e.newContext()).newPage();
  await signUpThroughScreens(owner, "lead@example.com");
  await signUpThroughScreens(invitee, "recruiter@example.com");
  const workspaceId = await createWorkspaceThroughScreens(owner, "Data team", e2e);
  const projectId = await projectWithWorkflow(owner, workspaceId, "Analytics hires");
  await candidateIn(owner, workspaceId, projectId);

  await owner.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await owner.getByRole("tab", { name: "Access" }).click();
  const members = owner.getByRole("tabpanel");
  await members.getByRole("row").filter({ hasText: "lead@example.com" }).getByText("Active").waitFor();

  await members.getByRole("button", { name: "Add Person" }).click();
  const modal = owner.getByRole("dialog", { name: "Add Person" });
  await modal.getByRole("button", { name: "Invite" }).click();
  await modal.getByText("Valid email is required").waitFor();
  await modal.getByRole("textbox", { name: /^Email/ }).fill("recruiter@example.com");
  // The dialog offers Owner, Manager and Collaborator, never Viewer.
  await modal.getByRole("combobox", { name: /^Project role/ }).click();
  expect(await owner.getByRole("option").allTextContents()).toEqual(["Owner", "Manager", "Collaborator"]);
  await owner.getByRole("option", { name: "Collaborator", exact: true }).click();
  await modal.getByRole("combobox", { name: /^Workspace role/ }).click();
  await owner.getByRole("option", { name: "Viewer", exact: true }).click();
  await modal.getByRole("button", { name: "Invite" }).click();
  await modal.waitFor({ state: "detached" });
  const pending = members.getByRole("row").filter({ hasText: "recruiter@example.com" });
  await pending.getByText("Pending").waitFor();
  await pending.getByText("Collaborator").waitFor();
  // The projects list's access badges: the owner's role letter, and '...' for the waiting invitee.
  await owner.goto("/workspaces/me/projects");
  await owner.getByLabel("lead@example.com, Owner").waitFor();
  await owner.getByLabel("recruiter@example.com, Pending").waitFor();
  await owner.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await owner.getByRole("tab", { name: "Access" }).click();

  // The invitee's open browser: the bell counts it, without a reload.
  await invitee.getByRole("button", { name: "Invitations (1)" }).click();
  const bell = invitee.getByRole("dialog", { name: "Invitations" });
  await bell.getByText("invited you to the project Analytics hires as Collaborator.").waitFor();
  await bell.getByRole("button", { name: "Accept" }).click();
  await bell.getByText("You have no invitations.").waitFor();
  await invitee.keyboard.press("Escape");
  await invitee.getByRole("navigation").getByRole("button", { name: "Data team" }).waitFor();

  const member = members.getByRole("row").filter({ hasText: "recruiter@example.com" });
  await member.getByText("Active").waitFor();

  // The invitee works in the project: a viewer of the workspace, a collaborator of the project.
  await invitee.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  const stage = invitee.getByRole("combobox", { name: "Stage of Maya Okafor", exact: true });
  await stage.selectOption({ label: "Screening" });
  expect(
    await eventually(
      () => serverStage(projectId),
      (status) => status === "Screening",
    ),
  ).toBe("Screening");
  expect(
    await eventually(
      () => serverRole(projectId, "recruiter@example.com"),
      (row) => row?.role === "collaborator",
    ),
  ).toEqual({
    role: "collaborator",
  });

  await member.getByRole("combobox", { name: "Role of recruiter@example.com" }).click();
  await owner.getByRole("option", { name: "Manager", exact: true }).click();
  expect(
    await eventually(
      () => serverRole(projectId, "recruiter@example.com"),
      (row) => row?.role === "manager",
    ),
  ).toEqual({
    role: "manager",
  });

  // The only owner stays owner: their role and remove button are disabled (spec §5).
  const self = members.getByRole("row").filter({ hasText: "lead@example.com" });
  expect(await self.getByRole("combobox", { name: "Role of lead@example.com" }).isDisabled()).toBe(true);

  await member.getByRole("button", { name: "Remove recruiter@example.com" }).click();
  await owner.getByRole("dialog", { name: "Remove Member" }).getByRole("button", { name: "Remove" }).click();
  await member.waitFor({ state: "detached" });
  // Gone from the invitee's open browser at once, without a reload: the page, and their list.
  await invitee.getByText("This project is not available.").waitFor();
  await invitee.goto("/workspaces/me/projects");
  await invitee.getByRole("heading", { name: "Projects" }).waitFor();
  expect(await invitee.getByText("Analytics hires").count()).toBe(0);
  expect(
    await eventually(
      () => serverRole(projectId, "recruiter@example.com"),
      (row) => row === undefined,
    ),
  ).toBeUndefined();
});
