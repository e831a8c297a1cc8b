// The panel on a profile page: the fields that will be sent, 'Add to talent pool', and a
// workspace → project → stage picker. Plain DOM in a closed shadow root; page text only ever goes
// in through textContent.
import type { ProfileAttributes } from "@hirestream/contracts/people/from-profile.ts";
import {
  type Choice,
  type ListReply,
  type ProjectChoice,
  projectsReply,
  type Request,
  stagesReply,
  stateReply,
  workspacesReply,
} from "../messages.ts";
import type { ShownField } from "../reader/shown-fields.ts";
import { outcomeOf } from "./outcome-text.ts";
import { PANEL_STYLE } from "./panel-style.ts";

export interface PanelInput {
  profile: string;
  fields: ShownField[];
  attributes: ProfileAttributes;
  /** Asks the extension's worker; its answer is parsed here. */
  send(message: Request): Promise<unknown>;
}

export interface Panel {
  /** The shadow root, for tests (the page cannot reach it). */
  root: ShadowRoot;
  refresh(): Promise<void>;
  remove(): void;
}

function element<K extends keyof HTMLElementTagNameMap>(
  doc: Document,
  tag: K,
  text?: string,
): HTMLElementTagNameMap[K] {
  const node = doc.createElement(tag);
  if (text !== undefined) node.textContent = text;
  return node;
}

function labelledSelect(
  doc: Document,
  label: string,
  id: string,
): { wrapper: HTMLLabelElement; select: HTMLSelectElement } {
  const wrapper = element(doc, "label", label);
  const select = element(doc, "select");
  select.id = id;
  select.disabled = true;
  wrapper.append(select);
  return { wrapper, select };
}

function fillSelect(doc: Document, select: HTMLSelectElement, prompt: string, items: readonly Choice[]): void {
  select.replaceChildren(
    element(doc, "option", prompt),
    ...items.map((item) => {
      const option = element(doc, "option", item.name);
      option.value = item.id;
      return option;
    }),
  );
  const first = select.options[0];
  if (first) first.value = "";
  select.disabled = items.length === 0;
}

export function mountPanel(doc: Document, input: PanelInput): Panel {
  const host = element(doc, "div");
  host.setAttribute("data-hirestream-panel", "");
  const root = host.attachShadow({ mode: "closed" });
  const style = element(doc, "style", PANEL_STYLE);
  const section = element(doc, "section");
  section.setAttribute("aria-label", "Hirestream");
  const fields = element(doc, "dl");
  for (const field of input.fields) fields.append(element(doc, "dt", field.label), element(doc, "dd", field.value));

  const signedOut = element(doc, "p", "You are not signed in to Hirestream. ");
  const signIn = element(doc, "a", "Sign in to Hirestream");
  signIn.target = "_blank";
  signIn.rel = "noopener";
  signedOut.append(signIn);

  const signedIn = element(doc, "div");
  const addToPool = element(doc, "button", "Add to talent pool");
  addToPool.type = "button";
  const picker = element(doc, "fieldset");
  const workspace = labelledSelect(doc, "Workspace", "hirestream-workspace");
  const project = labelledSelect(doc, "Project", "hirestream-project");
  const stage = labelledSelect(doc, "Stage", "hirestream-stage");
  const addToProject = element(doc, "button", "Add to project");
  addToProject.type = "button";
  addToProject.disabled = true;
  picker.append(
    element(doc, "legend", "Or add to a project"),
    workspace.wrapper,
    project.wrapper,
    stage.wrapper,
    addToProject,
  );
  signedIn.append(addToPool, picker);
  // Neither until the worker says which: shown both at once, the panel told a signed-in user to
  // sign in, and offered a signed-out one an add that could only fail.
  signedOut.hidden = true;
  signedIn.hidden = true;

  const status = element(doc, "p");
  status.className = "status";
  status.setAttribute("role", "status");
  const statusText = element(doc, "span");
  const open = element(doc, "a", "Open in Hirestream");
  open.target = "_blank";
  open.rel = "noopener";
  status.append(statusText);

  section.append(element(doc, "h2", "Hirestream"), fields, signedOut, signedIn, status);
  root.append(style, section);
  doc.body.append(host);

  let workspaces: Choice[] = [];
  let projects: ProjectChoice[] = [];
  let stages: Choice[] = [];
  let pickerLoaded = false;

  function say(text: string, tone: "progress" | "done" | "problem", link: string | null = null): void {
    statusText.textContent = text;
    status.className = `status ${tone}`;
    if (link) {
      open.href = link;
      status.append(" ", open);
    } else open.remove();
  }

  async function list<T>(message: Request, parse: (value: unknown) => ListReply<T>): Promise<T[]> {
    const reply = parse(await input.send(message));
    if (reply.ok) return reply.items;
    say(reply.error, "problem");
    if (reply.signed_out) await refresh();
    return [];
  }

  async function loadWorkspaces(): Promise<void> {
    workspaces = await list({ type: "workspaces" }, (value) => workspacesReply.parse(value));
    fillSelect(doc, workspace.select, workspaces.length > 0 ? "Choose a workspace" : "No workspaces yet", workspaces);
    fillSelect(doc, project.select, "Choose a project", []);
    fillSelect(doc, stage.select, "Choose a stage", []);
  }

  workspace.select.addEventListener("change", async () => {
    addToProject.disabled = true;
    fillSelect(doc, stage.select, "Choose a stage", []);
    const workspaceId = workspace.select.value;
    projects = workspaceId
      ? await list({ type: "projects", workspace_id: workspaceId }, (value) => projectsReply.parse(value))
      : [];
    fillSelect(doc, project.select, "Choose a project", projects);
  });

  project.select.addEventListener("change", async () => {
    addToProject.disabled = true;
    const chosen = projects.find((item) => item.id === project.select.value);
    if (chosen && !chosen.workflow_id) say("This project has no stages yet.", "problem");
    stages = chosen?.workflow_id
      ? await list({ type: "stages", workspace_id: workspace.select.value, workflow_id: chosen.workflow_id }, (value) =>
          stagesReply.parse(value),
        )
      : [];
    fillSelect(doc, stage.select, "Choose a stage", stages);
    // The project's first stage unless another is chosen, as the app puts people.
    const first = stages[0];
    if (first) {
      stage.select.value = first.id;
      addToProject.disabled = false;
    }
  });

  stage.select.addEventListener("change", () => {
    addToProject.disabled = stage.select.value === "";
  });

  async function add(message: Request): Promise<void> {
    // One add per click: the buttons wait until the worker has the add in its outbox.
    addToPool.disabled = true;
    const projectChosen = !addToProject.disabled;
    addToProject.disabled = true;
    say("Adding…", "progress");
    try {
      await input.send(message);
    } finally {
      addToPool.disabled = false;
      addToProject.disabled = !projectChosen;
    }
    await refresh();
  }

  addToPool.addEventListener(
    "click",
    () => void add({ type: "add", profile: input.profile, attributes: input.attributes }),
  );
  addToProject.addEventListener("click", () => {
    const chosenWorkspace = workspaces.find((item) => item.id === workspace.select.value);
    const chosenProject = projects.find((item) => item.id === project.select.value);
    const chosenStage = stages.find((item) => item.id === stage.select.value);
    if (!chosenWorkspace || !chosenProject || !chosenStage) return;
    void add({
      type: "add",
      profile: input.profile,
      attributes: {
        ...input.attributes,
        workspace_id: chosenWorkspace.id,
        project_id: chosenProject.id,
        stage_id: chosenStage.id,
      },
      target: { workspace_name: chosenWorkspace.name, project_name: chosenProject.name, stage_name: chosenStage.name },
    });
  });

  async function refresh(): Promise<void> {
    const parsed = stateReply.safeParse(await input.send({ type: "state", profile: input.profile }));
    if (!parsed.success) {
      say("The Hirestream extension is not answering; reload the page.", "problem");
      return;
    }
    const state = parsed.data;
    signIn.href = new URL("/sign_in", state.app_url).href;
    signedOut.hidden = state.signed_in;
    signedIn.hidden = !state.signed_in;
    const outcome = outcomeOf(state.add, state.app_url);
    if (outcome) say(outcome.text, outcome.tone, outcome.link);
    else say("", "progress");
    if (state.signed_in && !pickerLoaded) {
      pickerLoaded = true;
      await loadWorkspaces();
    }
    if (!state.signed_in) pickerLoaded = false;
  }

  return { root, refresh, remove: () => host.remove() };
}
