import { cp, mkdtemp, readFile, rm, writeFile } from "node:fs/promises";
import { createServer, type Server } from "node:http";
import { tmpdir } from "node:os";
import path from "node:path";
import { startTestApp, type TestApp } from "@hirestream/api/testing/test-app.ts";
import { CHROMIUM, QUIET_CHROMIUM_FLAGS } from "@hirestream/scripts/testing/chromium.ts";
import { type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, beforeAll, expect, it } from "vitest";
import { z } from "zod";
import { fixturePages } from "../../extension/src/reader/fixtures/fixture-pages.ts";
import { postThroughApi, projectThroughApi } from "./api-setup.ts";
import { eventually } from "./eventually.ts";
import { credentialThroughApi } from "./sent-step.ts";
import { sessionHeadersOf, signUpThroughScreens } from "./session.ts";

// The built extension (npm run build) in Chromium, against the real API serving the built app at
// 127.0.0.1, and profile pages served at 127.0.0.1 under the name profiles.test. One browser for
// the file: the first test signs up in the app, and the others use the session it handed over.
const PROFILE_HOST = "profiles.test";
/** The page reader's own fixture pages, each at its address's path (`/in/<slug>/`, `/company/…`). */
const pageAt = new Map(Object.values(fixturePages).map((page) => [new URL(page.url).pathname, page.html]));

let app: TestApp;
let appUrl = "";
let profilesOrigin = "";
let profiles: Server;
let context: BrowserContext;
let dir = "";

function listen(server: Server): Promise<number> {
  return new Promise((resolve) => {
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      resolve(typeof address === "object" && address ? address.port : 0);
    });
  });
}

beforeAll(async () => {
  dir = await mkdtemp(path.join(tmpdir(), "hirestream-extension-e2e-"));
  profiles = createServer((request, response) => {
    const html = pageAt.get(new URL(request.url ?? "/", "http://profiles.test").pathname);
    if (html) response.writeHead(200, { "content-type": "text/html; charset=utf-8" }).end(html);
    else response.writeHead(404).end();
  });
  profilesOrigin = `http://${PROFILE_HOST}:${await listen(profiles)}`;

  app = await startTestApp({ now: new Date(), reactions: true, webRoot: path.join(import.meta.dirname, "..", "dist") });
  // The port is the server's choice; the app's address (APP_URL) is only used in mail here.
  await app.app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.app.server.address();
  appUrl = `http://127.0.0.1:${typeof address === "object" && address ? address.port : 0}`;

  // The one change to the built extension: its profile pages are the fixture server's.
  const extension = path.join(dir, "extension");
  await cp(path.join(import.meta.dirname, "..", "..", "extension", "dist"), extension, { recursive: true });
  const manifestPath = path.join(extension, "manifest.json");
  const manifest = z
    .object({ content_scripts: z.array(z.object({ matches: z.array(z.string()) }).loose()) })
    .loose()
    .parse(JSON.parse(await readFile(manifestPath, "utf8")));
  const panelScript = manifest.content_scripts[0];
  if (!panelScript) throw new Error("the manifest has no content scripts");
  panelScript.matches = [`http://${PROFILE_HOST}/in/*`];
  await writeFile(manifestPath, JSON.stringify(manifest));

  context = await chromium.launchPersistentContext(path.join(dir, "profile"), {
    executablePath: CHROMIUM,
    headless: true,
    baseURL: appUrl,
    args: [
      ...QUIET_CHROMIUM_FLAGS,
      `--disable-extensions-except=${extension}`,
      `--load-extension=${extension}`,
      `--host-resolver-rules=MAP ${PROFILE_HOST} 127.0.0.1`,
    ],
  });
});

afterAll(async () => {
  await context?.close();
  await app?.close();
  await new Promise((resolve) => profiles?.close(resolve));
  await rm(dir, { recursive: true, force: true });
});

/**
 * Runs `fn` on the panel's shadow root. The root is closed (the profile page's scripts cannot read
 * the user's workspaces from it), so it is reached through the DevTools protocol, as a user's
 * clicks and eyes reach it.
 */
async function inPanel<T>(page: Page, fn: string, arg?: string): Promise<T | null> {
  const cdp = await context.newCDPSession(page);
  try {
    const { root } = await cdp.send("DOM.getDocument", { depth: -1, pierce: true });
    type Node = typeof root;
    const find = (node: Node): Node | undefined =>
      node.attributes?.includes("data-hirestream-panel")
        ? node
        : [...(node.children ?? []), ...(node.shadowRoots ?? [])].map(find).find(Boolean);
    const shadow = find(root)?.shadowRoots?.[0];
    if (!shadow) return null;
    const { object } = await cdp.send("DOM.resolveNode", { backendNodeId: shadow.backendNodeId });
    if (!object.objectId) return null;
    const { result } = await cdp.send("Runtime.callFunctionOn", {
      objectId: object.objectId,
      functionDeclaration: fn,
      arguments: arg === undefined ? [] : [{ value: arg }],
      returnByValue: true,
    });
    return result.value as T;
  } finally {
    await cdp.detach();
  }
}

/** What the panel shows (not what it hides). */
const panelText = (page: Page) =>
  inPanel<string>(page, "function () { return this.querySelector('section').innerText; }");
const click = (page: Page, name: string) =>
  inPanel<boolean>(
    page,
    "function (name) { const b = [...this.querySelectorAll('button')].find((x) => x.textContent === name && !x.closest('[hidden]')); b?.click(); return Boolean(b); }",
    name,
  );
/** Chooses an option of one of the picker's selects by its words, once the select has it. */
const choose = (page: Page, select: string, option: string) =>
  inPanel<boolean>(
    page,
    "function (arg) { const [id, text] = arg.split('\\n'); const s = this.getElementById(id); const o = [...s.options].find((x) => x.textContent === text); if (!o || s.disabled) return false; s.value = o.value; s.dispatchEvent(new Event('change')); return true; }",
    `${select}\n${option}`,
  );
const openLink = (page: Page) =>
  inPanel<string>(
    page,
    "function () { return [...this.querySelectorAll('a')].find((a) => a.textContent === 'Open in Hirestream')?.href ?? ''; }",
  );

it("adds the person of a profile page to the talent pool with the app's session, and says so", async () => {
  const profile = await context.newPage();
  await profile.goto(`${profilesOrigin}/in/marta-quintela-4b2a/`);
  const signedOut = await eventually(
    () => panelText(profile),
    (text) => text?.includes("Sign in to Hirestream") ?? false,
  );
  // What the page reader took from the page, shown before anything is sent.
  for (const shown of [
    "Marta",
    "Quintela",
    "Staff Engineer at Tidewater Labs · Payments, Rust and Postgres",
    "Tidewater Labs",
    "Lisbon",
    "Portugal",
    "https://www.linkedin.com/in/marta-quintela-4b2a/",
    "Software Engineer · Northbeam Payments · Remote · Sep 2016 – Feb 2021",
    "Instituto Superior de Exemplo · MSc, Computer Science · 2013 – 2015",
  ]) {
    expect(signedOut).toContain(shown);
  }
  expect(signedOut).not.toContain("Add to talent pool");
  expect(signedOut).toContain("You are not signed in to Hirestream.");

  const appPage = await context.newPage();
  await signUpThroughScreens(appPage, "extension@example.com");

  // The app hands its session to the extension; the panel turns to its buttons.
  await eventually(
    () => click(profile, "Add to talent pool"),
    (clicked) => clicked === true,
  );
  const added = await eventually(
    () => panelText(profile),
    (text) => text?.includes("Added to your talent pool") ?? false,
  );
  expect(added).toContain("Added to your talent pool");

  const people = await appPage.request.get("/api/v1/people", { headers: await sessionHeadersOf(appPage) });
  const person = z
    .object({
      id: z.string(),
      attributes: z
        .object({
          first_name: z.string().nullable(),
          title: z.string().nullable(),
          company: z.string().nullable(),
          linkedin: z.string().nullable(),
          experience: z.array(z.object({ company: z.string().optional() }).loose()),
          education: z.array(z.object({ title: z.string().optional() }).loose()),
        })
        .loose(),
    })
    .loose();
  const pool = z.object({ data: z.array(person) }).parse(await people.json());
  expect(pool.data.map((someone) => someone.attributes.first_name)).toEqual(["Marta"]);
  const marta = pool.data[0]?.attributes;
  expect(marta?.title).toBe("Staff Engineer");
  expect(marta?.company).toBe("Tidewater Labs");
  expect(marta?.linkedin).toBe("https://linkedin.com/in/marta-quintela-4b2a");
  expect(marta?.experience.map((item) => item.company)).toEqual(["Tidewater Labs", "Northbeam Payments"]);
  expect(marta?.education.map((item) => item.title)).toEqual([
    "Instituto Superior de Exemplo",
    "Escola Secundária da Ribeira",
  ]);
  expect(await openLink(profile)).toBe(`${appUrl}/profile/${pool.data[0]?.id}`);

  // The same profile again: the person is not added twice, and the panel says where they are.
  await click(profile, "Add to talent pool");
  const again = await eventually(
    () => panelText(profile),
    (text) => text?.includes("Already in your talent pool") ?? false,
  );
  expect(again).toContain("Already in your talent pool");
  expect(await openLink(profile)).toBe(`${appUrl}/profile/${pool.data[0]?.id}`);
});

it("adds the person of a profile page to a project's stage chosen in the panel, which starts the stage's sequence", async () => {
  const appPage = await context.newPage();
  await appPage.goto("/workspaces/me/projects");
  const workspace = await postThroughApi(appPage, "/workspaces", {
    data: { type: "workspaces", attributes: { name: "Acme" } },
  });
  const workspaceId = workspace.data.id;
  const credentialId = await credentialThroughApi(appPage, workspaceId, {
    provider_type: "local",
    name: "Talent team",
    email: "talent@acme.example",
  });
  const sequence = await postThroughApi(appPage, `/workspaces/${workspaceId}/sequences`, {
    name: "Screening touch",
    steps: [
      { template_subject: "A role for {{first_name}}", template_body: "<p>Hello</p>", provider_id: credentialId },
    ],
  });
  const template = await postThroughApi(appPage, `/workspaces/${workspaceId}/workflows`, {
    name: "Hiring pipeline",
    stages_attributes: [
      { position: 1, name: "Sourced" },
      { position: 2, name: "Screening", sequence_id: sequence.data.id },
      { position: 3, name: "Interview" },
    ],
  });
  const projectId = await projectThroughApi(appPage, workspaceId, template.data.id, "Backend");

  const profile = await context.newPage();
  await profile.goto(`${profilesOrigin}/in/anasofia-pires/`);
  await eventually(
    () => choose(profile, "hirestream-workspace", "Acme"),
    (chosen) => chosen === true,
  );
  await eventually(
    () => choose(profile, "hirestream-project", "Backend"),
    (chosen) => chosen === true,
  );
  await eventually(
    () => choose(profile, "hirestream-stage", "Screening"),
    (chosen) => chosen === true,
  );
  expect(await click(profile, "Add to project")).toBe(true);
  const added = await eventually(
    () => panelText(profile),
    (text) => text?.includes("Added to Backend in Screening") ?? false,
  );
  expect(added).toContain("Added to Backend in Screening");

  const candidacy = z.object({ data: z.array(z.object({ attributes: z.object({ status: z.string() }).loose() })) });
  // The project's list is a read model, a moment behind the write.
  const statuses = await eventually(
    async () => {
      const answer = await appPage.request.get(`/api/v1/projects/${projectId}/project_people`, {
        headers: await sessionHeadersOf(appPage),
      });
      return candidacy.parse(await answer.json()).data.map((item) => item.attributes.status);
    },
    (found) => found.length > 0,
  );
  expect(statuses).toEqual(["Screening"]);
  // Put in a stage with a sequence, the candidate's run of it starts, as for any candidate put there.
  await app.reactions?.settle();
  const { rows } = await app.pool.query<{ first_name: string }>(
    `select p.first_name from events e join read.people p on p.id = (e.data->>'personId')::uuid
      where e.type = 'ProcessorStarted' and e.data->>'projectId' = $1`,
    [projectId],
  );
  expect(rows.map((row) => row.first_name)).toEqual(["Ana Sofia"]);
});

it("shows no panel on a page of the network that is not a person's profile", async () => {
  const page = await context.newPage();
  await page.goto(`${profilesOrigin}/company/tidewater-labs/`);
  // The panel of a profile opened beside it comes: the extension is running on these pages.
  const profile = await context.newPage();
  await profile.goto(`${profilesOrigin}/in/tomas-lopes/`);
  await eventually(
    () => panelText(profile),
    (text) => text?.includes("Tomás Ferreira") ?? false,
  );
  expect(await panelText(page)).toBeNull();
});

it("serves the extension's zip beside the app, as a zip", async () => {
  const page = await context.newPage();
  const answer = await page.request.get("/hirestream-extension.zip");
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/zip");
  // A zip's signature: PK\3\4.
  expect((await answer.body()).subarray(0, 4)).toEqual(Buffer.from([0x50, 0x4b, 0x03, 0x04]));
});

it("keeps an add Hirestream could not be reached for, and sends it when it is back", { timeout: 90_000 }, async () => {
  const profile = await context.newPage();
  await profile.goto(`${profilesOrigin}/in/nkechi-o`);
  await eventually(
    () => panelText(profile),
    (text) => text?.includes("Add to talent pool") ?? false,
  );
  const server = app.app.server;
  const port = new URL(appUrl).port;
  // No longer listening, and its open connections dropped (the app's sync socket may stay: close()
  // would wait for it, so it is not awaited).
  server.close();
  server.closeAllConnections();

  expect(await click(profile, "Add to talent pool")).toBe(true);
  const waiting = await eventually(
    () => panelText(profile),
    (text) => text?.includes("Waiting to retry") ?? false,
  );
  expect(waiting).toContain("Waiting to retry: Hirestream could not be reached");

  await new Promise<void>((resolve) => server.listen(Number(port), "127.0.0.1", resolve));
  // The extension's alarm comes back no sooner than 30 s after the failure.
  const added = await eventually(
    () => panelText(profile),
    (text) => text?.includes("Added to your talent pool") ?? false,
    60_000,
  );
  expect(added).toContain("Added to your talent pool");
});
