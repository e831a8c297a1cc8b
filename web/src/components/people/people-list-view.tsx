import { Group, Loader, Stack, Text } from "@mantine/core";
import type { ReactNode } from "react";
import { EmptyListShown } from "../../hooks/use-rows-shown.ts";
import { ListPager } from "../list-pager.tsx";
import { PeopleSearchBox } from "./people-search-box.tsx";
import { type PeopleColumn, PeopleTable } from "./people-table.tsx";
import type { PersonListRow } from "./use-people.ts";
import type { PeopleView } from "./use-people-view.ts";

export interface PeopleListViewProps {
  view: PeopleView;
  hrefOf: (person: PersonListRow) => string;
  /** Checkboxes and the 'Selected (n)' counter, for lists whose people can be assigned. */
  selectable?: boolean;
  onEdit?: ((person: PersonListRow) => void) | undefined;
  /** Shown beside the counter: the assign bar. */
  actions?: ReactNode;
  extraColumn?: PeopleColumn | undefined;
  /**
   * Whether every person the list could hold has arrived. Until then an empty page means "not
   * here yet": a loader shows, never 'No results'.
   */
  complete?: boolean;
}

/** The people table of the spec: search, selection, the table or 'No results', and paging. */
export function PeopleListView({
  view,
  hrefOf,
  selectable = false,
  onEdit,
  actions,
  extraColumn,
  complete = true,
}: PeopleListViewProps) {
  return (
    <Stack gap="md">
      <Group justify="space-between" align="flex-end">
        <PeopleSearchBox
          value={view.input}
          onChange={view.setInput}
          onSearch={view.runSearch}
          onClear={view.clearSearch}
        />
        {selectable && (
          <Text fw={500} aria-live="polite">
            Selected ({view.selectedCount})
          </Text>
        )}
      </Group>
      {actions}
      {view.page.total === 0 && !complete ? (
        <Group justify="center" py="xl">
          <Loader size="sm" aria-label="Loading people" />
        </Group>
      ) : view.page.total === 0 ? (
        <Text ta="center" c="dimmed" py="xl">
          No results
          <EmptyListShown />
        </Text>
      ) : (
        <PeopleTable
          people={view.page.items}
          hrefOf={hrefOf}
          onEdit={onEdit}
          extraColumn={extraColumn}
          selection={
            selectable ? { selected: view.selected, onToggle: view.toggle, onTogglePage: view.togglePage } : undefined
          }
          footer={
            view.counted ? (
              <ListPager
                noun={{ one: "person", many: "people" }}
                page={view.page}
                pageSize={view.pageSize}
                onPage={view.setPage}
                onPageSize={view.setPageSize}
              />
            ) : (
              <Group justify="flex-start">
                <Loader size="xs" aria-label="Counting people" />
              </Group>
            )
          }
        />
      )}
    </Stack>
  );
}
