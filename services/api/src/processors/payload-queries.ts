import { stageFilter } from "@hirestream/contracts/candidacies/commands.ts";
import { type PayloadListQuery, statusFilter } from "@hirestream/contracts/processors/commands.ts";
import { statusesForFilters } from "@hirestream/contracts/processors/payload-filters.ts";
import { sql } from "kysely";
import type { Database } from "../database.ts";
import type { Deps } from "../deps.ts";

type StoredPayload = Database["read.payloads"];

const escapeLike = (text: string) => text.replace(/[\\%_]/g, (character) => `\\${character}`);

/**
 * A project's payloads, as the Message tab lists them: by stage and status filter word, searched
 * by the person's name, draft first (the spec's status order), then by name. Without a filter word
 * every status shows but inactive: a stopped run belongs to a stage its candidate has left.
 */
export async function listPayloads(deps: Deps, projectId: string, query: PayloadListQuery) {
  const stageIds = stageFilter(query);
  const statuses = statusesForFilters(statusFilter(query));
  const search = query.search_by?.trim();
  const filtered = deps.db
    .selectFrom("read.payloads")
    .where("project_id", "=", projectId)
    .$if(stageIds.length > 0, (q) => q.where("stage_id", "in", stageIds))
    .$if(statuses !== null, (q) => q.where("status", "in", statuses ?? []))
    .$if(statuses === null, (q) => q.where("status", "!=", "inactive"))
    .$if(Boolean(search), (q) =>
      q.where(
        sql<string>`lower(first_name || ' ' || last_name)`,
        "like",
        `%${escapeLike((search ?? "").toLowerCase())}%`,
      ),
    );
  const [rows, counted] = await Promise.all([
    filtered
      .selectAll()
      .orderBy("status_position")
      .orderBy("last_name")
      .orderBy("first_name")
      .orderBy("id")
      .limit(query.limit)
      .offset((query.page - 1) * query.limit)
      .execute(),
    filtered.select((eb) => eb.fn.countAll<number>().as("total")).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(counted.total) };
}

/** A payload as API.md's Outreach section gives it. */
export function payloadResource(row: StoredPayload & { run?: unknown }) {
  const { id, run: _run, created_at, updated_at, project_person_id, ...attributes } = row;
  return {
    id,
    type: "payload",
    attributes: {
      ...attributes,
      project_person_id,
      created_at: created_at.toISOString(),
      updated_at: updated_at.toISOString(),
    },
    relationships: { project_person: { data: { id: project_person_id, type: "project_person" } } },
  };
}

/** A run as spec §3 "Sequence processor" names its fields: the same rows, seen from the run. */
export function processorResource(row: StoredPayload) {
  return {
    id: row.id,
    type: "sequence_processor",
    attributes: {
      ...row.processor,
      project_person_payload_id: row.id,
      payload_values: row.payload_values,
      payload_fields: row.payload_fields,
    },
    relationships: {
      project_person: { data: { id: row.project_person_id, type: "project_person" } },
      stage: { data: { id: row.stage_id, type: "stage" } },
    },
  };
}
