import { optOutClearanceIdOf } from "@hirestream/contracts/opt-outs/address.ts";
import { describe, expect, it } from "vitest";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { clearOptOut, optOutMarkIn } from "./person-opt-out.ts";

const workspace = "3f2a9c1d-8b4e-4f6a-9c2d-1e0f5a6b7c8d";
const otherWorkspace = "4e8a6b6b-9d4c-4f4b-b0ad-5c4f6e7d8b92";
const member = "0b5d3f3e-6a1f-4c1e-9d7a-2f1c3b4a5e6f";
const address = "ada@example.com";
const optedOut = {
  opted_out_at: "2026-11-25T10:00:00.000Z",
  opt_out_source: "reply" as const,
  opted_out_address: address,
};

function clearance(workspaceId: string, at: string) {
  return {
    id: optOutClearanceIdOf(address, workspaceId),
    workspace_id: workspaceId,
    address,
    cleared_at: at,
    cleared_by: member,
    created_at: at,
    updated_at: at,
    scopes: [`ws:${workspaceId}`],
    _pending: 0,
  };
}

describe("the person page's opt-out mark", () => {
  it("shows nothing for a person who never opted out", async () => {
    const { db } = openTestDb();
    expect(
      await optOutMarkIn(db, { opted_out_at: null, opt_out_source: null, opted_out_address: null }, workspace),
    ).toBe(null);
  });

  it("marks the person in every workspace until that workspace clears it", async () => {
    const { db } = openTestDb();
    await db.opt_out_clearances.put(clearance(otherWorkspace, "2026-11-25T11:00:00.000Z"));
    expect(await optOutMarkIn(db, optedOut, workspace)).toEqual({
      address,
      at: optedOut.opted_out_at,
      source: "reply",
    });
    expect(await optOutMarkIn(db, optedOut, otherWorkspace)).toBe(null);
  });

  it("marks the person again when they opt out after a clearance", async () => {
    const { db } = openTestDb();
    await db.opt_out_clearances.put(clearance(workspace, "2026-11-25T09:00:00.000Z"));
    expect(await optOutMarkIn(db, optedOut, workspace)).not.toBe(null);
  });

  it("clears through the outbox, showing the workspace's clearance at once", () => {
    const mark = { address: "Ada@Example.com", at: optedOut.opted_out_at, source: "reply" as const };
    const now = new Date("2026-11-25T12:00:00.000Z");
    const command = clearOptOut(mark, { workspaceId: workspace, personId: member, userId: member }, now);
    expect(command).toMatchObject({
      method: "DELETE",
      path: `/workspaces/${workspace}/people/${member}/opt_out`,
      optimistic: [
        {
          table: "opt_out_clearances",
          id: optOutClearanceIdOf(address, workspace),
          next: { workspace_id: workspace, address, cleared_at: now.toISOString() },
        },
      ],
    });
  });
});
