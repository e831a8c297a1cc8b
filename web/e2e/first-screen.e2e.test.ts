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
  release(): void;
}

/**
 * An init script: the page's sync socket hands the app the catch-up up to its first `manyParts`
 * parts of many rows (every scope's part 0, the few rows, passes), and keeps every later message
 * until released. The app answers only what it applied, and the server sends only a few parts
 * ahead of its answers: the sync stands still there, as on a slow connection.
 */
function holdSync(options: { manyParts: number }): void {
  let holding = true;
  let manyParts = 0;
  const held: (() => void)[] = [];
  const NativeSocket = window.WebSocket;
  const hold = (socket: WebSocket, handler: NonNullable<WebSocket["onmessage"]>) => (event: MessageEvent) => {
    const message = JSON.parse(String(event.data)) as { type: string; part?: number };
    if (message.type === "snapshot" && (message.part ?? 0) > 0) manyParts += 1;
    if (holding && (held.length > 0 || manyParts > options.manyParts)) held.push(() => handler.call(socket, event));
    else handler.call(socket, event);
  };
  window.WebSocket = class HeldSocket extends NativeSocket {
    constructor(...args: ConstructorParameters<typeof WebSocket>) {
      super(...args);
      // The app listens through `onmessage`: what it sets goes through the hold.
      let shown: WebSocket["onmessage"] = null;
      const native = Object.getOwnPropertyDescriptor(NativeSocket.prototype, "onmessage");
      Object.defineProperty(this, "onmessage", {
        get: () => shown,
        set: (handler: WebSocket["onmessage"]) => {
          shown = handler;
          native?.set?.call(this, handler && hold(this, handler));
        },
      });
    }
  };
  const state: HeldSync = {
    release: () => {
      holding = false;
      for (const deliver of held.splice(0)) deliver();
    },
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

async function heldDevice(email: string, manyParts: number): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.newContext();
  await context.addInitScript(holdSync, { manyParts });
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

  const { context, page } = await heldDevice(email, 1);
  await page.goto("/talent_pool");
  // The server stopped after the pool's first part, which holds its first hundred in list order:
  // the first page shows, and it is the pool's first page.
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
  expect(await page.getByText("Your Talent Pool is empty.").count()).toBe(0);
  // Someone of a later part: found nowhere yet, and the screen says it is still loading.
  const late = people.find((person) => `${person.first_name} ${person.last_name}` === ordered.at(-1));
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

  const { context, page } = await heldDevice(email, 0);
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

/**
 * An init script: notes what a list's first rows showed when they landed on the page (the first
 * row's stage, if it has a stage dropdown), and whether the row menu (the button, and whether it
 * opens a menu) and the pager (`pagerText`) were there yet. Noted as the app marks its rows shown
 * (load-steps.ts), in the effect of the commit that showed them: a mutation observer's callback, a
 * microtask, came only after later renders too when React ran its overdue tasks back to back on a
 * starved machine.
 */
function noteFirstRowsShown(pagerText: string): void {
  const mark = performance.mark.bind(performance);
  performance.mark = (name, options) => {
    if (name === "hirestream:rows-shown" && !Reflect.has(window, "firstRowsShown")) {
      const option = document.querySelector<HTMLSelectElement>('table tbody tr select[aria-label^="Stage of "]')
        ?.selectedOptions[0];
      const button = document.querySelector('table tbody tr button[aria-label^="Actions for "]');
      Object.assign(window, {
        firstRowsShown: {
          text: option?.textContent ?? null,
          stage: option?.disabled === false,
          button: button !== null,
          menu: button?.getAttribute("aria-haspopup") ?? null,
          pager: document.body.textContent?.includes(pagerText) ?? false,
        },
      });
    }
    return mark(name, options);
  };
}

it("shows a project's first page of candidates, with their names and stages, before the rest of the project has come", async () => {
  const email = "first-board@example.com";
  const setup = await e2e.newContext();
  const first = await setup.newPage();
  await signUpThroughScreens(first, email);
  const workspaceId = await createWorkspaceThroughScreens(first, "Big board", e2e);
  const projectId = await projectWithWorkflow(first, workspaceId, "Big project");
  const lines = Array.from({ length: 150 }, (_, index) => `Cand${index},Board${index},board${index}@example.com`);
  await importThroughApi(first, workspaceId, projectId, `first_name,last_name,email\n${lines.join("\n")}\n`);
  await setup.close();

  // The board's first part of candidacies, and the part of the workspace's people they name.
  const { context, page } = await heldDevice(email, 2);
  await page.addInitScript(noteFirstRowsShown, "Rows per page");
  await page.goto(`/workspaces/${workspaceId}/project/${projectId}`);
  const names = page.locator('table tbody tr a[href*="/people/"]');
  const named = (texts: string[]) => texts.length === 10 && texts.every((text) => /^Cand\d+ Board\d+$/.test(text));
  const held = await eventually(() => names.allTextContents(), named);
  expect(named(held), held.join(", ")).toBe(true);
  expect(await page.getByText("No candidates in this project yet.").count()).toBe(0);
  expect(await page.getByText("No results", { exact: true }).count()).toBe(0);
  // The rows came with their stages: not, for a moment, without the workflow that names them;
  // the menus' button with the row, the menu behind it and the pager with the next render.
  const firstStage = await page.evaluate(() => Reflect.get(window, "firstRowsShown"));
  expect(firstStage).toEqual({ text: "Sourced", stage: true, button: true, menu: null, pager: false });
  await page.getByText("Rows per page").waitFor();
  await page.getByRole("button", { name: `Actions for ${held[0]}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Remove", exact: true }).waitFor();
  await page.keyboard.press("Escape");

  // Everything in: the first page is the one shown while the rest was on the way.
  await releaseSync(page);
  await page.getByText("150 candidates", { exact: true }).waitFor();
  expect(await names.allTextContents()).toEqual(held);
  await context.close();
});

it("puts the pool's first rows on the page before their menus and the pager, which follow and work", async () => {
  const email = "first-pool-menus@example.com";
  const setup = await e2e.newContext();
  await signUpThroughScreens(await setup.newPage(), email);
  await setup.close();
  const people = await fillPool(await userIdOf(email), 12);

  const context = await e2e.newContext();
  await context.addInitScript(noteFirstRowsShown, "12 people");
  const page = await context.newPage();
  await signInThroughScreens(page, email);
  await page.goto("/talent_pool");
  await page.getByText("12 people", { exact: true }).waitFor();
  const first = await page.evaluate(() => Reflect.get(window, "firstRowsShown"));
  // The button shows with the row; the menu behind it comes with the next render.
  expect(first).toEqual({ text: null, stage: false, button: true, menu: null, pager: false });

  const [person] = searchPeople(people, "");
  if (!person) throw new Error("no people");
  await page.getByRole("button", { name: `Actions for ${person.first_name} ${person.last_name}`, exact: true }).click();
  await page.getByRole("menuitem", { name: "Edit", exact: true }).click();
  await page.getByRole("dialog").waitFor();
  await context.close();
});
