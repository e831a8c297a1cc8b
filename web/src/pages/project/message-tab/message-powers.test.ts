import { describe, expect, it } from "vitest";
import { messagePowers } from "./message-powers.ts";

const active = { status: "Active", visible: true } as const;

describe("messagePowers", () => {
  it("gives a viewer no write controls", () => {
    const viewer = messagePowers(active, { workspaceRole: "viewer", projectRole: "viewer" });
    expect(viewer.write).toBe(false);
    expect(viewer.event("event_ready", false)).toBe(false);
  });

  it("lets a collaborator write and make ready, not send", () => {
    const collaborator = messagePowers(active, { workspaceRole: "collaborator", projectRole: "collaborator" });
    expect(collaborator.write).toBe(true);
    expect(collaborator.event("event_ready", true)).toBe(true);
    expect(collaborator.event("event_send", false)).toBe(false);
    expect(collaborator.event("event_send", true)).toBe(false);
  });

  it("lets a project manager or a workspace owner send and approve", () => {
    const manager = messagePowers(active, { workspaceRole: "collaborator", projectRole: "manager" });
    expect(manager.event("event_send", true)).toBe(true);
    expect(manager.event("event_pause", false)).toBe(true);
    const owner = messagePowers(active, { workspaceRole: "owner", projectRole: undefined });
    expect(owner.event("event_resume", true)).toBe(true);
  });

  it("gives nobody write controls in an archived project", () => {
    const archived = messagePowers(
      { status: "Archived", visible: true },
      { workspaceRole: "owner", projectRole: "owner" },
    );
    expect(archived.write).toBe(false);
    expect(archived.event("event_send", false)).toBe(false);
  });
});
