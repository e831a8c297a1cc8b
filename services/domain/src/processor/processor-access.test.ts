import { describe, expect, it } from "vitest";
import { ARCHIVED_READ_ONLY } from "../project/project.decider.ts";
import { rejection } from "../testing/rejection.ts";
import {
  as,
  decide,
  edited,
  editValues,
  event,
  filled,
  madeReady,
  manager,
  otherProjectId,
  owner,
  paused,
  sending,
  started,
  writer,
} from "./testing/processor-fixtures.ts";

// Spec §6: managers and collaborators write messages, managers send them; with review, only a
// manager or owner sends what a writer made ready. Permission before existence, as everywhere.

describe("who may act on a payload", () => {
  const readyWithReview = [started({ hasReview: true }), edited(filled), madeReady()];
  const draftWithReview = [started({ hasReview: true }), edited(filled)];
  const draft = [started(), edited(filled)];

  it("a project's collaborator writes and makes ready, but sends nothing", () => {
    expect(decide([started()], editValues({ hook: "x" }), writer)).toHaveLength(1);
    expect(decide(draftWithReview, event("event_ready"), writer)).toHaveLength(1);
    expect(rejection(() => decide(readyWithReview, event("event_send"), writer))).toEqual({
      code: "FORBIDDEN",
      detail: "Your role does not allow approving messages",
      pointer: undefined,
    });
    expect(rejection(() => decide(draft, event("event_send"), writer)).detail).toBe(
      "Your role does not allow sending messages",
    );
    expect(rejection(() => decide(sending(), event("event_pause"), writer)).code).toBe("FORBIDDEN");
  });

  it("a project's manager or owner, or a workspace lead, approves what was made ready", () => {
    for (const context of [manager, as("viewer", { projectRole: "owner" }), as("manager"), owner])
      expect(decide(readyWithReview, event("event_send"), context)).toHaveLength(1);
  });

  it("with review, resuming is approving too", () => {
    const history = [...readyWithReview, paused()];
    expect(rejection(() => decide(history, event("event_resume"), writer)).detail).toBe(
      "Your role does not allow approving messages",
    );
    expect(decide(history, event("event_resume"), manager)).toHaveLength(1);
  });

  it("a project's viewer may do nothing (403)", () => {
    const viewer = as("collaborator", { projectRole: "viewer" });
    expect(rejection(() => decide([started()], editValues({ hook: "x" }), viewer)).code).toBe("FORBIDDEN");
    expect(rejection(() => decide([started()], event("none"), viewer)).code).toBe("FORBIDDEN");
  });

  it("someone who cannot reach the project learns nothing (404)", () => {
    for (const context of [as("collaborator"), as(undefined), as("manager", { project: { visible: false } })])
      expect(rejection(() => decide([started()], editValues({ hook: "x" }), context))).toEqual({
        code: "NOT_FOUND",
        detail: "Project not found",
        pointer: undefined,
      });
  });

  it("checks permission before the run: a stranger asking for a missing run gets the project's 404", () => {
    expect(rejection(() => decide([], event("event_send"), as(undefined))).detail).toBe("Project not found");
    expect(rejection(() => decide([], event("event_send"), as("collaborator", { projectRole: "viewer" }))).code).toBe(
      "FORBIDDEN",
    );
  });

  it("a run of another project, or none, is not found through this one", () => {
    const elsewhere = as("owner", { project: { projectId: otherProjectId } });
    expect(rejection(() => decide([started()], editValues({ hook: "x" }), elsewhere)).detail).toBe("Payload not found");
    expect(rejection(() => decide([], event("event_send"), owner)).detail).toBe("Payload not found");
  });

  it("an archived project is read-only (422)", () => {
    const archived = as("owner", { project: { status: "Archived" } });
    expect(rejection(() => decide(draft, event("event_send"), archived))).toEqual({
      code: "VALIDATION",
      detail: ARCHIVED_READ_ONLY,
      pointer: undefined,
    });
  });

  it("without a signed-in actor nothing happens", () => {
    expect(rejection(() => decide(draft, event("event_send"), as("owner", { actor: null }))).code).toBe(
      "UNAUTHENTICATED",
    );
  });
});
