import { filterStatuses, type PayloadFilter } from "@hirestream/contracts/processors/payload-filters.ts";
import type { PayloadRow } from "@hirestream/contracts/processors/rows.ts";
import { type Page, pageOf } from "../../../components/people/person-search.ts";

export interface MessageListQuery {
  stageId: string;
  filter: PayloadFilter;
  /** Words of the person's name, as typed; blank lists everyone. */
  search: string;
  page: number;
  pageSize: number;
}

type Listed = Pick<PayloadRow, "id" | "stage_id" | "status" | "status_position" | "first_name" | "last_name">;

const fullName = (payload: Listed) => `${payload.first_name} ${payload.last_name}`.toLowerCase();

/** Spec §4's status order, then by name, as the server's list call answers it. */
export function byStatusThenName(a: Listed, b: Listed): number {
  return (
    a.status_position - b.status_position ||
    a.last_name.localeCompare(b.last_name) ||
    a.first_name.localeCompare(b.first_name) ||
    (a.id < b.id ? -1 : a.id > b.id ? 1 : 0)
  );
}

/**
 * The Message tab's list (spec §2, §4): the stage's payloads that the status filter word shows,
 * those whose name holds the search, one page of them.
 */
export function messageListPage<T extends Listed>(payloads: readonly T[], query: MessageListQuery): Page<T> {
  const statuses: readonly string[] = filterStatuses[query.filter];
  const search = query.search.trim().toLowerCase();
  const shown = payloads
    .filter((payload) => payload.stage_id === query.stageId && statuses.includes(payload.status))
    .filter((payload) => search === "" || fullName(payload).includes(search))
    .sort(byStatusThenName);
  return pageOf(shown, query.page, query.pageSize);
}
