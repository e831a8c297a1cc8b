import { describe, expect, it } from "vitest";
import { mayInProject } from "../permissions/permission-table.ts";
import { payloadEventPower } from "./payload-powers.ts";

const collaborator = { workspaceRole: "collaborator", projectRole: "collaborator" } as const;
const manager = { workspaceRole: "collaborator", projectRole: "manager" } as const;

describe("payloadEventPower", () => {
  it("lets a writer make a payload ready, and only those who send or approve set it going", () => {
    expect(mayInProject(collaborator, payloadEventPower("event_ready", true))).toBe(true);
    expect(mayInProject(collaborator, payloadEventPower("event_send", true))).toBe(false);
    expect(mayInProject(collaborator, payloadEventPower("event_send", false))).toBe(false);
    expect(mayInProject(collaborator, payloadEventPower("event_pause", false))).toBe(false);
    expect(mayInProject(manager, payloadEventPower("event_send", true))).toBe(true);
    expect(mayInProject(manager, payloadEventPower("event_resume", false))).toBe(true);
  });

  it("asks for approval to send or resume with review, and for sending without", () => {
    expect(payloadEventPower("event_send", true)).toBe("messages.approve");
    expect(payloadEventPower("event_resume", true)).toBe("messages.approve");
    expect(payloadEventPower("event_send", false)).toBe("messages.send");
    expect(payloadEventPower("event_pause", true)).toBe("messages.send");
    expect(payloadEventPower("none", true)).toBe("messages.write");
  });
});
