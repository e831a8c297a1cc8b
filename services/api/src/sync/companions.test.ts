import { describe, expect, it } from "vitest";
import { partToSend, type ReadRow } from "./catch-up-part.ts";
import type { SnapshotKey } from "./change-feed.ts";
import { companionsOf } from "./companions.ts";
import { OvertakenRows } from "./overtaken-rows.ts";
import { partFrame, SnapshotRows } from "./snapshot-parts.ts";

const workspaceId = "00000000-0000-4000-8000-0000000000a1";
const project = "proj:00000000-0000-4000-8000-0000000000c1";
const workspace = `ws:${workspaceId}`;
const pool = "user:00000000-0000-4000-8000-0000000000b1";
const person = (id: string, position = 20): SnapshotKey => ({ entity: "person", id, position, seq: 0 });

/** A project part's candidacy as read, naming its person. */
function candidacyRead(id: string, personId: string): ReadRow {
  return {
    row: { entity: "candidacy", id, position: 30, seq: 0, same: false },
    text: JSON.stringify({ id, person_id: personId, workspace_id: workspaceId, stage_id: "s" }),
  };
}

describe("the people a project's part carries with its candidacies", () => {
  it("are those whose holders' keys are known, in full once, naming every scope that holds them as of one change", async () => {
    const sent = new SnapshotRows();
    sent.holds(workspace, [person("p1"), person("p2"), person("p3")]);
    sent.holds(pool, [person("p1"), person("p2", 25)]);
    const rows = [candidacyRead("c1", "p1"), candidacyRead("c2", "p2"), candidacyRead("c9", "p9")];
    expect(await companionsOf(project, rows, sent, [project, workspace, pool])).toEqual([
      { entity: "person", id: "p1", position: 20, seq: 0, same: false, in: [workspace, pool] },
      // Its pool's entry is of a later change: the pool's own snapshot sends that one.
      { entity: "person", id: "p2", position: 20, seq: 0, same: false, in: [workspace] },
    ]);
  });

  it("wait for the keys of the scopes that may hold them, and leave out one already sent in full", async () => {
    const sent = new SnapshotRows();
    const asked: string[] = [];
    const keysOf = async (scope: string) => {
      asked.push(scope);
      sent.holds(scope, [person("p1"), person("p2")]);
    };
    sent.sent(workspace, [{ ...person("p2"), same: false }]);
    const rows = [candidacyRead("c1", "p1"), candidacyRead("c2", "p2")];
    const planned = [project, workspace, pool, "ws:00000000-0000-4000-8000-0000000000a2"];
    expect(await companionsOf(project, rows, sent, planned, keysOf)).toEqual([
      { entity: "person", id: "p1", position: 20, seq: 0, same: false, in: [workspace, pool] },
    ]);
    expect(asked.sort()).toEqual([pool, workspace].sort());
  });

  it("are none for a part without candidacies, or for a scope that holds the people itself", async () => {
    const sent = new SnapshotRows();
    sent.holds(workspace, [person("p1")]);
    const people: ReadRow[] = [{ row: { ...person("p1"), same: false }, text: "{}" }];
    expect(await companionsOf(workspace, people, sent, [workspace])).toEqual([]);
    expect(await companionsOf(workspace, [candidacyRead("c1", "p1")], sent, [workspace])).toEqual([]);
  });

  it("once sent, are left out of their scopes' own snapshots", () => {
    const sent = new SnapshotRows();
    const keys = [person("p1"), person("p2")];
    sent.holds(workspace, keys);
    const companion = sent.companion(project, "person", "p1");
    if (!companion) throw new Error("p1 has a holder");
    sent.sent(project, [companion]);
    expect(sent.companion(project, "person", "p1")).toBeNull();
    expect(sent.planPart(workspace, keys, 0, 10).rows).toEqual([{ ...person("p2"), same: false }]);
  });
});

describe("a part's row going with another", () => {
  const read: ReadRow = {
    row: { ...person("p1"), same: false, in: [workspace, pool] },
    text: '{"id":"p1"}',
  };

  it("goes to the scopes it names that are still held and no change has reached", () => {
    const overtaken = new OvertakenRows(new SnapshotRows());
    const held = new Set([project, workspace, pool]);
    expect(partToSend(project, [read], overtaken, held)).toEqual([read]);
    overtaken.changed({ scope: pool, entity: "person", id: "p1" });
    expect(partToSend(project, [read], overtaken, held)).toEqual([{ ...read, row: { ...read.row, in: [workspace] } }]);
    expect(partToSend(project, [read], overtaken, new Set([project, pool]))).toEqual([]);
    // A change to a row of the same name in the part's own scope is not this row's.
    const ownScope = new OvertakenRows(new SnapshotRows());
    ownScope.changed({ scope: project, entity: "person", id: "p1" });
    expect(partToSend(project, [read], ownScope, held)).toEqual([read]);
  });

  it("names its scopes in the frame", () => {
    const frame = partFrame({ scope: project, position: 30, part: 1, last: false }, [read.row], ['{"id":"p1"}']);
    expect(JSON.parse(frame).rows).toEqual([{ entity: "person", id: "p1", data: { id: "p1" }, in: [workspace, pool] }]);
  });
});
