import { expect, it } from "vitest";
import { sequence, workspaceId } from "./sequence-fixtures.ts";
import { removeSequence } from "./sequence-remove.ts";

it("deletes the sequence on its workspace's path and takes its row out of the replica at once", () => {
  const row = sequence();
  expect(removeSequence(row)).toEqual({
    method: "DELETE",
    path: `/workspaces/${workspaceId}/sequences/${row.id}`,
    optimistic: [{ table: "sequences", id: row.id, next: null }],
  });
});
