import { describe, expect, it } from "vitest";
import type { ReplicaDb } from "../../replica/replica-db.ts";
import { openTestDb } from "../../replica/testing/test-db.ts";
import { type PipelineQuery, pipelinePage, searchCandidacies, stageCountsOf } from "./pipeline-queries.ts";
import {
  candidacy,
  otherProjectId,
  otherWorkspaceId,
  person,
  projectId,
  uuid,
  workspaceId,
} from "./testing/pipeline-rows.ts";

const sourced = { id: uuid(901), name: "Sourced" };
const screening = { id: uuid(902), name: "Screening" };
const hired = { id: uuid(903), name: "Hired" };

const query = (changes: Partial<PipelineQuery> = {}): PipelineQuery => ({
  workspaceId,
  projectId,
  stageId: null,
  page: 1,
  pageSize: 10,
  ...changes,
});

/** Both halves of a search, as the screen runs them. */
async function search(db: ReplicaDb, searchBy: string, changes: Partial<PipelineQuery> = {}) {
  const asked = query(changes);
  return pipelinePage(db, asked, await searchCandidacies(db, workspaceId, asked.projectId, searchBy));
}

/** Seven people in the project (1–4 sourced, 5–7 screening), one more in another project. */
async function seeded(): Promise<ReplicaDb> {
  const { db } = openTestDb();
  await db.people.bulkPut([
    ...[1, 2, 3, 4, 5, 6, 7, 8].map((n) => person(n)),
    person(3, { first_name: "Maya", last_name: "Okafor", company: "Northwind Analytics" }),
    person(6, { first_name: "Mayer", last_name: "Stone", company: "Contoso" }),
  ]);
  await db.candidacies.bulkPut([
    ...[1, 2, 3, 4].map((n) => candidacy(uuid(n), sourced)),
    ...[5, 6, 7].map((n) => candidacy(uuid(n), screening)),
    candidacy(uuid(8), sourced, { project_id: otherProjectId }),
  ]);
  return db;
}

const ids = (page: { items: { candidacy: { id: string } }[] }) => page.items.map((item) => item.candidacy.id);
/** The list's order: newest added first, equal times by id (descending, as the index reads back). */
const listOrder = (rows: { id: string; created_at: string }[]) =>
  [...rows]
    .sort((a, b) => (a.created_at === b.created_at ? (a.id < b.id ? 1 : -1) : a.created_at < b.created_at ? 1 : -1))
    .map((row) => row.id);

describe("stageCountsOf", () => {
  it("counts the project's candidates in all and in each stage, an empty stage as 0", async () => {
    const db = await seeded();
    expect(stageCountsOf(await db.pipeline_counts.get(projectId), [sourced.id, screening.id, hired.id])).toEqual({
      all: 7,
      byStage: { [sourced.id]: 4, [screening.id]: 3, [hired.id]: 0 },
    });
  });
});

describe("pipelinePage without a search", () => {
  it("reads a page of the project in list order, each with their person", async () => {
    const db = await seeded();
    const all = listOrder(await db.candidacies.where("project_id").equals(projectId).toArray());

    const second = await pipelinePage(db, query({ page: 2, pageSize: 3 }), null);

    expect(ids(second)).toEqual(all.slice(3, 6));
    expect(second).toMatchObject({ page: 2, pages: 3, total: 7 });
    for (const item of second.items) expect(item.person?.id).toBe(item.candidacy.person_id);
  });

  it("lists the newest added first, whatever the ids, and a moved candidate keeps their place", async () => {
    const db = await seeded();
    await db.candidacies.bulkPut([
      candidacy(uuid(1), sourced, { created_at: "2026-11-20T09:00:00.000Z" }),
      candidacy(uuid(7), screening, { created_at: "2026-10-01T09:00:00.000Z" }),
      candidacy(uuid(4), sourced, { created_at: "2026-11-30T09:00:00.000Z" }),
    ]);
    const first = ids(await pipelinePage(db, query({ pageSize: 2 }), null));
    expect(first).toEqual([candidacy(uuid(4), sourced).id, candidacy(uuid(1), sourced).id]);
    const last = await pipelinePage(db, query({ page: 4, pageSize: 2 }), null);
    expect(ids(last)).toEqual([candidacy(uuid(7), screening).id]);
    await db.candidacies.put(candidacy(uuid(4), hired, { created_at: "2026-11-30T09:00:00.000Z" }));
    expect(ids(await pipelinePage(db, query({ pageSize: 2 }), null))).toEqual(first);
    const inSourced = await pipelinePage(db, query({ stageId: sourced.id, pageSize: 1 }), null);
    expect(ids(inSourced)).toEqual([candidacy(uuid(1), sourced).id]);
    const found = await search(db, "example", { pageSize: 2 });
    expect(ids(found)).toEqual(first);
  });

  it("reads only the chosen stage", async () => {
    const db = await seeded();
    const page = await pipelinePage(db, query({ stageId: screening.id }), null);
    expect(page.items.map((item) => item.person?.id).sort()).toEqual([uuid(5), uuid(6), uuid(7)]);
    expect(page.total).toBe(3);
  });

  it("shows the last page when asked for one past the end", async () => {
    const db = await seeded();
    const page = await pipelinePage(db, query({ page: 9, pageSize: 5 }), null);
    expect(page).toMatchObject({ page: 2, pages: 2, total: 7 });
    expect(page.items).toHaveLength(2);
  });

  it("lists a candidate whose person has not reached the replica, without the person", async () => {
    const db = await seeded();
    await db.candidacies.put(candidacy(uuid(99), hired));
    const page = await pipelinePage(db, query({ stageId: hired.id }), null);
    expect(page.items).toEqual([{ candidacy: expect.objectContaining({ person_id: uuid(99) }), person: undefined }]);
  });

  it("answers with the query it was asked", async () => {
    const db = await seeded();
    const asked = query({ stageId: sourced.id, page: 2 });
    expect((await pipelinePage(db, asked, null)).query).toBe(asked);
  });
});

describe("pipelinePage with a search", () => {
  it("finds the candidates whose person holds every word, in any searched field", async () => {
    const db = await seeded();
    const page = await search(db, "  maya NORTHWIND ");
    expect(page.items.map((item) => item.person?.last_name)).toEqual(["Okafor"]);
    expect(page).toMatchObject({ page: 1, pages: 1, total: 1, searchBy: "  maya NORTHWIND " });
  });

  it("searches within the chosen stage and the project only", async () => {
    const db = await seeded();
    const inScreening = await search(db, "may", { stageId: screening.id });
    expect(inScreening.items.map((item) => item.person?.last_name)).toEqual(["Stone"]);
    expect((await search(db, "person8")).total).toBe(0);
  });

  it("pages the matches in list order", async () => {
    const db = await seeded();
    const all = listOrder(await db.candidacies.where("project_id").equals(projectId).toArray());
    const page = await search(db, "example", { page: 2, pageSize: 2 });
    const matches = all.filter((id) => ![candidacy(uuid(3), sourced).id, candidacy(uuid(6), sourced).id].includes(id));
    expect(ids(page)).toEqual(matches.slice(2, 4));
    expect(page).toMatchObject({ page: 2, pages: 3, total: 5 });
  });

  it("follows moves and removals without searching the people again", async () => {
    const db = await seeded();
    const found = await searchCandidacies(db, workspaceId, projectId, "example");
    await db.candidacies.put(candidacy(uuid(1), screening));
    await db.candidacies.delete(candidacy(uuid(2), sourced).id);
    const page = await pipelinePage(db, query({ stageId: screening.id }), found);
    expect(page.items.map((item) => item.person?.id).sort()).toEqual([uuid(1), uuid(5), uuid(7)]);
  });

  it("lists everyone when the search has no words", async () => {
    const db = await seeded();
    const page = await search(db, "   ");
    expect(page).toMatchObject({ total: 7, searchBy: "   " });
  });
});

describe("searchCandidacies", () => {
  it("names the matching people of the workspace by their candidacy id in the project, in id order", async () => {
    const db = await seeded();
    await db.people.put(person(60, { first_name: "Maya", workspace_ids: [otherWorkspaceId] }));
    const found = await searchCandidacies(db, workspaceId, otherProjectId, "maya");
    expect(found).toEqual({
      searchBy: "maya",
      candidacyIds: [candidacy(uuid(3), sourced, { project_id: otherProjectId }).id].sort(),
    });
  });

  it("reads no people without words", async () => {
    const db = await seeded();
    expect(await searchCandidacies(db, workspaceId, projectId, "")).toEqual({ searchBy: "", candidacyIds: [] });
  });
});
