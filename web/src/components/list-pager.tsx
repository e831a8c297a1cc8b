import { Group, Pagination, Select, Text } from "@mantine/core";
import { memo, useId } from "react";
import { PAGE_SIZE_DEFAULT, PAGE_SIZE_OPTIONS } from "../constants.ts";
import type { Page } from "./people/person-search.ts";

const controlLabels = { first: "First page", previous: "Previous page", next: "Next page", last: "Last page" } as const;

/** What a list holds, to count it: "1 person", "20 people". */
export interface CountedNoun {
  one: string;
  many: string;
}

interface ListPagerProps {
  page: Pick<Page<unknown>, "total" | "page" | "pages">;
  noun: CountedNoun;
  pageSize: number;
  onPage: (page: number) => void;
  onPageSize: (size: number) => void;
}

/** Only the numbers count: a page read again with other rows but the same numbers leaves the pager as it is. */
function samePager(before: ListPagerProps, after: ListPagerProps): boolean {
  return (
    before.page.total === after.page.total &&
    before.page.page === after.page.page &&
    before.page.pages === after.page.pages &&
    before.pageSize === after.pageSize &&
    before.noun.one === after.noun.one &&
    before.noun.many === after.noun.many &&
    before.onPage === after.onPage &&
    before.onPageSize === after.onPageSize
  );
}

/** Rows per page (10 to 50, spec §9) and first/prev/next/last paging, for any list. */
export const ListPager = memo(function ListPager({ page, noun, pageSize, onPage, onPageSize }: ListPagerProps) {
  const labelId = useId();
  return (
    <Group justify="space-between">
      <Text size="sm" c="dimmed">
        {page.total === 1 ? `1 ${noun.one}` : `${page.total} ${noun.many}`}
      </Text>
      <Group gap="md">
        <Group gap="xs">
          <Text size="sm" id={labelId}>
            Rows per page
          </Text>
          <Select
            aria-labelledby={labelId}
            data={PAGE_SIZE_OPTIONS.map(String)}
            value={String(pageSize)}
            onChange={(value) => onPageSize(Number(value ?? PAGE_SIZE_DEFAULT))}
            w={80}
            allowDeselect={false}
          />
        </Group>
        <Pagination
          total={page.pages}
          value={page.page}
          onChange={onPage}
          withEdges
          getControlProps={(control) => ({ "aria-label": controlLabels[control] })}
          getItemProps={(number) => ({ "aria-label": `Page ${number}` })}
        />
      </Group>
    </Group>
  );
}, samePager);
