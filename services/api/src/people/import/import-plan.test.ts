import { emptyProfile } from "@hirestream/contracts/people/profile.ts";
import { describe, expect, it } from "vitest";
import { importedPersonId, type KnownPerson, planImport } from "./import-plan.ts";
import type { ImportRow } from "./import-rows.ts";

const me = "00000000-0000-4000-8000-000000000001";
const other = "00000000-0000-4000-8000-000000000002";
const workspace = "00000000-0000-4000-8000-0000000000aa";

let line = 1;
function row(...identity: [string, ...string[]]): ImportRow {
  return { line: ++line, identity, profile: { ...emptyProfile(), email: identity[0], first_name: "X" } };
}

function person(id: string, emails: string[], fields: Partial<KnownPerson> = {}): KnownPerson {
  return { id, ownerId: me, workspaceIds: [], emails, ...fields };
}

const pool = { userId: me, workspaceId: null };
const intoWorkspace = { userId: me, workspaceId: workspace };

describe("planImport", () => {
  it("adds people no one knows, with ids that follow from the importer and the primary address", () => {
    const a = row("a@x.io", "a2@x.io");
    const plan = planImport([a], [], pool);
    expect(plan).toEqual([
      { kind: "add", line: a.line, personId: importedPersonId(me, "a@x.io"), identity: "a@x.io", profile: a.profile },
    ]);
    expect(importedPersonId(me, "a@x.io")).toBe(importedPersonId(me, "a@x.io"));
    expect(importedPersonId(other, "a@x.io")).not.toBe(importedPersonId(me, "a@x.io"));
  });

  it("matches a known person by any of its addresses, against any of the row's", () => {
    const known = [person("p1", ["b@x.io", "second@x.io"]), person("p2", ["c@x.io"])];
    const plan = planImport([row("second@x.io"), row("z@x.io", "c@x.io")], known, pool);
    expect(plan.map((planned) => planned.kind)).toEqual(["existing", "existing"]);
  });

  it("counts a row repeating an earlier row's address as existing, not new", () => {
    const plan = planImport([row("a@x.io"), row("b@x.io", "a@x.io"), row("b@x.io")], [], pool);
    expect(plan.map((planned) => planned.kind)).toEqual(["add", "existing", "existing"]);
  });

  it("counts a second row reaching the same known person through another address as existing", () => {
    const known = [person("p1", ["a@x.io", "b@x.io"])];
    const plan = planImport([row("a@x.io"), row("b@x.io")], known, intoWorkspace);
    expect(plan.map((planned) => planned.kind)).toEqual(["assign", "existing"]);
  });

  it("assigns a pool person to the target workspace it is not in yet, once", () => {
    const known = [person("p1", ["a@x.io"])];
    expect(planImport([row("a@x.io")], known, intoWorkspace)).toEqual([{ kind: "assign", line: line, personId: "p1" }]);
    expect(planImport([row("a@x.io")], known, pool).map((planned) => planned.kind)).toEqual(["existing"]);
  });

  it("leaves a person already in the target workspace as it is, preferring it over a pool match", () => {
    const known = [person("p1", ["a@x.io"]), person("p2", ["a2@x.io"], { ownerId: other, workspaceIds: [workspace] })];
    expect(planImport([row("a@x.io", "a2@x.io")], known, intoWorkspace)).toEqual([
      { kind: "existing", line: line, personId: "p2" },
    ]);
  });

  it("adds new people to the plan in file order, next to the others", () => {
    const known = [person("p1", ["k@x.io"])];
    const plan = planImport([row("n1@x.io"), row("k@x.io"), row("n2@x.io")], known, intoWorkspace);
    expect(plan.map((planned) => planned.kind)).toEqual(["add", "assign", "add"]);
  });
});
