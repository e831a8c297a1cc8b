import { randomUUID } from "node:crypto";
import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import { appendEvents } from "@hirestream/eventstore/testing/append-events.ts";
import type { BrowserContext, Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { searchPeople } from "../src/components/people/person-search.ts";
import { importThroughApi, projectWithWorkflow } from "./api-setup.ts";
import { eventually } from "./eventually.ts";
import { type E2E, startE2E } from "./harness.ts";
import { signInThroughScreens, signUpThroughScreens } from "./session.ts";
import { createWorkspaceThroughScreens } from "./workspace-screens.ts";

// The screens while the replica still fills: rows as they land, a loading state instead of an
// empty state or 'No results' until the scope holding the rows is in; and lists paged in order.

let e2e: E2E;
beforeAll(async () => {
  e2e = await startE2E();
});
afterAll(async () => {
  await e2e?.close();
});

interface HeldSync {
  hold: boolean;
  held: string[];
  release(): void;
}

/**
 * An init script: the page's sync socket keeps its `applied` answers while `hold` is set, so the
 * server (which sends only a few snapshot parts ahead of them) stops mid-snapshot until released.
 * With `oneManyPart`, the answers to all but one of the catch-up's first parts (every scope's few
 * rows) go out, which lets exactly one part of many rows come.
 */
function holdSyncAnswers(options: { oneManyPart: boolean }): void {
  const state: HeldSync = { hold: true, held: [], release: () => undefined };
  const sockets: WebSocket[] = [];
  let passes = 0;
  const NativeSocket = window.WebSocket;
  window.WebSocket = class HeldSocket extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      sockets.push(this);
      this.addEventListener("message", (event) => {
        const text = String(event.data);
        if (options.oneManyPart && text.startsWith('{"type":"syncing"')) {
          passes = (JSON.parse(text) as { scopes: string[] }).scopes.length - 1;
        }
      });
    }
    override send(data: Parameters<WebSocket["send"]>[0]): void {
      if (state.hold && data === '{"type":"applied"}' && passes-- <= 0) state.held.push(data);
      else super.send(data);
    }
  };
  state.release = () => {
    state.hold = false;
    const socket = sockets.at(-1);
    for (const data of state.held.splice(0)) socket?.send(data);
  };
  Object.assign(window, { heldSync: state });
}

const releaseSync = (page: Page) =>
  page.evaluate(() => (window as unknown as { heldSync: HeldSync }).heldSync.release());

async function userIdOf(email: string): Promise<string> {
  const user = await e2e.app.db
    .selectFrom("read.users")
    .select("id")
    .where("email", "=", email)
    .executeTakeFirstOrThrow();
  return user.id;
}

/** `count` people in the user's pool, as the browser extension adds them; projected before it returns. */
async function fillPool(ownerId: string, count: number) {
  const people = Array.from({ length: count }, (_, index) => ({
    id: randomUUID(),
    first_name: `Ada${index}`,
    last_name: `Pool ${String.fromCharCode(97 + (index % 26))}${index}`,
    email: `pool${index}@example.com`,
  }));
  let position = 0;
  for (const person of people) {
    const { id, ...fields } = person;
    ({ position } = await appendEvents(
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
    ));
  }
  await e2e.app.readModels.waitFor(position, 20_000);
  return people.map((person) => ({ ...emptyProfile(), ...person }));
}

async function heldDevice(email: string, oneManyPart: boolean): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.newContext();
  await context.addInitScript(holdSyncAnswers, { oneManyPart });
  const page = await context.newPage();
  await signInThroughScreens(page, email);
  return { context, page };
}

it("says the pool is still loading, never 'No results', while its people are on the way, then pages it in order", async () => {
  const email = "first-pool@example.com";
  const setup = await e2e.newContext();
  await signUpThroughScreens(await setup.newPage(), email);
  await setup.close();
  const people = await fillPool(await userIdOf(email), 250);

  const { context, page } = await heldDevice(email, true);
  await page.goto("/talent_pool");
  // The server stopped after the pool's first part (its first hundred by id): rows show.
  await page.locator('table tbody tr a[href^="/profile/"]').first().waitFor();
  expect(await page.getByText("Your Talent Pool is empty.").count()).toBe(0);
  // Someone of a later part: found nowhere yet, and the screen says it is still loading.
  const byId = [...people].sort((a, b) => (a.id < b.id ? -1 : 1));
  const late = byId.at(-1);
  if (!late) throw new Error("no people");
  const search = page.getByLabel("Search people", { exact: true });
  await search.fill(late.email ?? "");
  await search.press("Enter");
  await page.getByLabel("Loading people").waitFor();
  expect(await page.getByText("No results", { exact: true }).count()).toBe(0);

  await releaseSync(page);
  await page.getByRole("link", { name: `${late.first_name} ${late.last_name}`, exact: true }).waitFor();
  await page.getByLabel("Clear search").click();
  await page.getByText("250 people", { exact: true }).waitFor();

  // Paged from the index in list order: each page holds its ten of that order.
  const ordered = searchPeople(people, "").map((person) => `${person.first_name} ${person.last_name}`);
  const rows = page.locator('table tbody tr a[href^="/profile/"]');
  const shows = async (from: number) => {
    await eventually(
      () => rows.first().textContent(),
      (name) => name === ordered[from],
    );
    expect(await rows.allTextContents()).toEqual(ordered.slice(from, from + 10));
  };
  await shows(0);
  await page.getByLabel("Last page").click();
  await shows(240);
  await page.getByLabel("First page").click();
  await shows(0);
  await page.getByLabel("Next page").click();
  await shows(10);
  await page.getByLabel("Next page").click();
  await shows(20);
  await context.close();
});

it("keeps a project's People tab loading, not empty, until its candidates are in", async () => {
  const email = "first-project@example.com";
  const setup = await e2e.newContext();
  const first = await setup.newPage();
  await signUpThroughScreens(first, email);
  const workspaceId = await createWorkspaceThroughScreens(first, "Held search", e2e);
  const projectId = await projectWithWorkflow(first, workspaceId, "Held project");
  await importThroughApi(
    first,
    workspaceId,
    projectId,
    "first_name,last_name,email\nGrace,Hopper,grace@example.com\nAlan,Turing,alan@example.com\n",
  );
  await first.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  await first.getByRole("link", { name: "Grace Hopper", exact: true }).waitFor();
  await setup.close();

  const { context, page } = await heldDevice(email, false);
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  // The project (one of the few rows) is in; its candidates are held back.
  await page.getByRole("tab", { name: "People" }).waitFor();
  await page.getByLabel("Loading candidates").first().waitFor();
  expect(await page.getByText("Let's get to work!").count()).toBe(0);
  expect(await page.getByText("No candidates in this project yet.").count()).toBe(0);

  await releaseSync(page);
  await page.getByRole("link", { name: "Grace Hopper", exact: true }).waitFor();
  await page.getByRole("link", { name: "Alan Turing", exact: true }).waitFor();
  await context.close();
});
