import { describe, expect, it } from "vitest";
import type { QueuedAdd } from "../background/outbox.ts";
import { outcomeOf, personLink } from "./outcome-text.ts";

const APP = "http://127.0.0.1:3000";
const base = {
  id: "0b8f3c1e-6a0e-4f3e-9d55-2b1f7d1c0a01",
  profile: "https://linkedin.com/in/ada",
  attributes: { first_name: "Ada", linkedin: "https://www.linkedin.com/in/ada/" },
  created_at: 0,
};
const added = (outcome: "new" | "existing", extra: Partial<QueuedAdd> = {}): QueuedAdd => ({
  ...base,
  ...extra,
  state: {
    status: "added",
    finished_at: 1,
    meta: {
      position: 1,
      outcome,
      link: "/profile/p1",
      ...(outcome === "existing" ? { message: "Already in your talent pool" } : {}),
    },
  },
});
const target = { workspace_name: "Acme", project_name: "Backend", stage_name: "Sourced" };

describe("the panel's words for an add", () => {
  it("say where a new person was added, with a link to them", () => {
    expect(outcomeOf(added("new"), APP)).toEqual({
      text: "Added to your talent pool",
      tone: "done",
      link: `${APP}/profile/p1`,
    });
    expect(outcomeOf(added("new", { target }), APP)?.text).toBe("Added to Backend in Sourced");
  });

  it("say the person was already in the talent pool, with the link", () => {
    expect(outcomeOf(added("existing"), APP)).toEqual({
      text: "Already in your talent pool",
      tone: "done",
      link: `${APP}/profile/p1`,
    });
  });

  it("say an add waits to be retried, and why", () => {
    const add: QueuedAdd = {
      ...base,
      state: { status: "waiting", attempts: 1, next_attempt_at: 5, reason: "Hirestream could not be reached" },
    };
    expect(outcomeOf(add, APP)?.text).toBe("Waiting to retry: Hirestream could not be reached.");
  });

  it("say why the server refused an add", () => {
    const add: QueuedAdd = {
      ...base,
      state: { status: "refused", detail: "Your role does not allow this", finished_at: 1 },
    };
    expect(outcomeOf(add, APP)).toEqual({
      text: "Not added: Your role does not allow this",
      tone: "problem",
      link: null,
    });
  });

  it("say nothing for a profile never added", () => {
    expect(outcomeOf(null, APP)).toBeNull();
  });

  it("link only to the app's own pages", () => {
    expect(personLink("/profile/p1", APP)).toBe(`${APP}/profile/p1`);
    expect(personLink("//evil.example/x", APP)).toBeNull();
    expect(personLink("https://evil.example/x", APP)).toBeNull();
  });
});
