// @vitest-environment happy-dom
import { describe, expect, it } from "vitest";
import type { Request } from "../messages.ts";
import { mountPanel } from "./panel-view.ts";

/** The worker's answer to the panel's first question, held until `answer` is called. */
function heldWorker(signedIn: boolean) {
  let answer = () => {};
  const answered = new Promise<void>((resolve) => {
    answer = resolve;
  });
  const send = async (message: Request): Promise<unknown> => {
    if (message.type !== "state") return { ok: true, items: [] };
    await answered;
    return { signed_in: signedIn, app_url: "http://app.example.test", add: null };
  };
  return { send, answer: () => answer() };
}

function mounted(signedIn: boolean) {
  const worker = heldWorker(signedIn);
  const panel = mountPanel(document, {
    profile: "https://www.linkedin.com/in/ze",
    fields: [{ key: "first_name", label: "First name", value: "Zé" }],
    attributes: { first_name: "Zé", last_name: "Mar", linkedin: "https://www.linkedin.com/in/ze" },
    send: worker.send,
  });
  const shown = (text: string) =>
    [...panel.root.querySelectorAll("p, button")].some(
      (node) => node.textContent?.startsWith(text) && node.closest("[hidden]") === null,
    );
  return { panel, worker, shown };
}

describe("the profile panel", () => {
  it("offers neither signing in nor adding until the extension says whether the user is signed in", async () => {
    const { panel, worker, shown } = mounted(true);
    const refreshed = panel.refresh();
    expect(shown("You are not signed in to Hirestream.")).toBe(false);
    expect(shown("Add to talent pool")).toBe(false);
    worker.answer();
    await refreshed;
    expect(shown("Add to talent pool")).toBe(true);
    expect(shown("You are not signed in to Hirestream.")).toBe(false);
    panel.remove();
  });

  it("asks a signed-out user to sign in, with no add to offer", async () => {
    const { panel, worker, shown } = mounted(false);
    worker.answer();
    await panel.refresh();
    expect(shown("You are not signed in to Hirestream.")).toBe(true);
    expect(shown("Add to talent pool")).toBe(false);
    panel.remove();
  });
});
