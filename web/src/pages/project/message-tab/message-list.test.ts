import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { describe, expect, it } from "vitest";
import { type MessageListQuery, messageListPage } from "./message-list.ts";
import { payloadRow } from "./testing/payload-row.ts";

const stage = "00000000-0000-4000-8000-dddddddddddd";
const otherStage = "00000000-0000-4000-8000-eeeeeeeeeeee";
const query = (changes: Partial<MessageListQuery> = {}): MessageListQuery => ({
  stageId: stage,
  filter: "pending",
  search: "",
  page: 1,
  pageSize: 10,
  ...changes,
});
const names = (rows: readonly PayloadRow[], changes: Partial<MessageListQuery> = {}) =>
  messageListPage(rows, query(changes)).items.map((row) => `${row.first_name} ${row.last_name}`);

const rows = [
  payloadRow({ first_name: "Zoe", last_name: "Adams", payload_values: { data: {} } }),
  payloadRow({ first_name: "Ada", last_name: "Lovelace", payload_values: { data: { first_name: "Ada", hook: "Hi" } } }),
  payloadRow({ first_name: "Grace", last_name: "Hopper", runStatus: "sending" }),
  payloadRow({ first_name: "Alan", last_name: "Turing", runStatus: "replied" }),
  payloadRow({ first_name: "Edsger", last_name: "Dijkstra", runStatus: "finished" }),
  payloadRow({ first_name: "Barbara", last_name: "Liskov", runStatus: "bounced" }),
  payloadRow({ first_name: "Ken", last_name: "Thompson", runStatus: "failed" }),
  payloadRow({ first_name: "Tony", last_name: "Hoare", runStatus: "ready" }),
  payloadRow({ first_name: "John", last_name: "Backus", runStatus: "paused" }),
  payloadRow({ first_name: "Dennis", last_name: "Ritchie", runStatus: "inactive" }),
  payloadRow({ first_name: "Ada", last_name: "Elsewhere", stage_id: otherStage }),
];

describe("messageListPage", () => {
  it("shows for each filter word the statuses the spec maps it to, drafts first", () => {
    expect(names(rows)).toEqual(["Ada Lovelace", "Zoe Adams"]);
    expect(names(rows, { filter: "queue" })).toEqual(["Grace Hopper"]);
    expect(names(rows, { filter: "finished" })).toEqual(["Edsger Dijkstra", "Alan Turing"]);
    expect(names(rows, { filter: "review" })).toEqual(["Tony Hoare"]);
    expect(names(rows, { filter: "failed" })).toEqual(["Ken Thompson", "Barbara Liskov"]);
    expect(names(rows, { filter: "paused" })).toEqual(["John Backus"]);
  });

  it("shows only the chosen stage's payloads", () => {
    expect(names(rows, { stageId: otherStage })).toEqual(["Ada Elsewhere"]);
  });

  it("searches the person's full name, whatever the case", () => {
    expect(names(rows, { search: "  ada LOVE " })).toEqual(["Ada Lovelace"]);
    expect(names(rows, { search: "adams" })).toEqual(["Zoe Adams"]);
    expect(names(rows, { search: "nobody" })).toEqual([]);
  });

  it("counts every match and pages through them, a page past the end showing the last", () => {
    const many = Array.from({ length: 23 }, (_, index) =>
      payloadRow({ first_name: "P", last_name: `N${String(index).padStart(2, "0")}` }),
    );
    const third = messageListPage(many, query({ page: 3 }));
    expect(third).toMatchObject({ total: 23, pages: 3, page: 3 });
    expect(third.items.map((row) => row.last_name)).toEqual(["N20", "N21", "N22"]);
    expect(messageListPage(many, query({ page: 9, pageSize: 20 }))).toMatchObject({ page: 2, pages: 2 });
  });
});
