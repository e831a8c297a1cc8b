import { describe, expect, it } from "vitest";
import { request, stateReply, workspacesReply } from "./messages.ts";

const WS = "5d2b9a4e-1c3f-4e8a-9b7d-0a1b2c3d4e5f";

describe("the messages to the extension's worker", () => {
  it("takes an add to the talent pool and one to a project's stage", () => {
    const attributes = { first_name: "Ada", linkedin: "https://www.linkedin.com/in/ada/" };
    expect(request.parse({ type: "add", profile: "https://www.linkedin.com/in/ada/", attributes }).type).toBe("add");
    const toProject = {
      type: "add",
      profile: "https://www.linkedin.com/in/ada/",
      attributes: { ...attributes, workspace_id: WS, project_id: WS, stage_id: WS },
      target: { workspace_name: "Acme", project_name: "Backend", stage_name: "Sourced" },
    };
    expect(request.parse(toProject)).toEqual(toProject);
  });

  it("refuses an add the API would refuse: no name, or a project without its workspace", () => {
    expect(
      request.safeParse({ type: "add", profile: "x", attributes: { linkedin: "https://www.linkedin.com/in/ada" } })
        .success,
    ).toBe(false);
    expect(
      request.safeParse({
        type: "add",
        profile: "x",
        attributes: { first_name: "Ada", linkedin: "https://www.linkedin.com/in/ada", project_id: WS },
      }).success,
    ).toBe(false);
  });

  it("refuses what is not one of its messages", () => {
    expect(request.safeParse({ type: "delete_everything" }).success).toBe(false);
    expect(request.safeParse({ type: "projects", workspace_id: "../../auth" }).success).toBe(false);
    expect(request.safeParse("workspaces").success).toBe(false);
  });

  it("takes a session, or none after a sign-out, and nothing half-filled", () => {
    const session = { "access-token": "t", client: "c", uid: "ada@example.com", expiry: "1999999999" };
    expect(request.parse({ type: "session", session })).toEqual({ type: "session", session });
    expect(request.parse({ type: "session", session: null })).toEqual({ type: "session", session: null });
    expect(request.safeParse({ type: "session", session: { ...session, "access-token": "" } }).success).toBe(false);
  });

  it("reads the worker's answers, and a read's failure", () => {
    expect(stateReply.parse({ signed_in: false, app_url: "http://localhost:3000", add: null }).signed_in).toBe(false);
    expect(workspacesReply.parse({ ok: true, items: [{ id: WS, name: "Acme" }] })).toEqual({
      ok: true,
      items: [{ id: WS, name: "Acme" }],
    });
    expect(workspacesReply.parse({ ok: false, error: "gone", signed_out: true }).ok).toBe(false);
    expect(workspacesReply.safeParse(null).success).toBe(false);
  });
});
