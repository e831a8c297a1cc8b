import { Checkbox, Group, Menu, Table, Text } from "@mantine/core";
import type { MouseEvent, ReactNode } from "react";
import { useLocation } from "wouter";
import { useAfterRowsShown } from "../../hooks/use-after-rows-shown.ts";
import { useRowsShown } from "../../hooks/use-rows-shown.ts";
import { RouterAnchor } from "../router-anchor.tsx";
import { RowMenu } from "../row-menu.tsx";
import { PendingBadge } from "./pending-badge.tsx";
import { personFullName, personLocation } from "./person-display.ts";
import type { PersonListRow } from "./use-people.ts";

export interface PeopleSelection {
  selected: ReadonlySet<string>;
  onToggle: (personId: string) => void;
  onTogglePage: () => void;
}

export interface PeopleTableProps {
  people: readonly PersonListRow[];
  /** Where a person's name (and a click on the row) leads. */
  hrefOf: (person: PersonListRow) => string;
  selection?: PeopleSelection | undefined;
  onEdit?: ((person: PersonListRow) => void) | undefined;
  /** A column of the list's own, after the name. */
  extraColumn?: PeopleColumn | undefined;
  /** Below the table (the pager): it follows the rows onto the page, with their menus. */
  footer?: ReactNode;
}

export interface PeopleColumn {
  header: string;
  cell: (person: PersonListRow) => ReactNode;
}

/** Clicks on the row's own controls (and on menus portalled out of it) do what the control does. */
function isRowBackground(event: MouseEvent<HTMLTableRowElement>): boolean {
  const target = event.target;
  if (!(target instanceof Element) || !event.currentTarget.contains(target)) return false;
  return target.closest("a, button, input, label, [role=menuitem]") === null;
}

/** One page of people: name, email, company, title and location, with selection and a row menu. */
export function PeopleTable({ people, hrefOf, selection, onEdit, extraColumn, footer }: PeopleTableProps) {
  const [, navigate] = useLocation();
  // The rows' menus and the footer mount once the rows are on the page, and do not hold them up.
  const after = useAfterRowsShown(people.length > 0);
  useRowsShown(people.length);
  const onPage = selection ? people.filter((person) => selection.selected.has(person.id)).length : 0;
  return (
    <>
      <Table highlightOnHover verticalSpacing="sm">
        <Table.Thead>
          <Table.Tr>
            {selection && (
              <Table.Th w={40}>
                <Checkbox
                  aria-label="Select all people on this page"
                  checked={people.length > 0 && onPage === people.length}
                  indeterminate={onPage > 0 && onPage < people.length}
                  onChange={selection.onTogglePage}
                />
              </Table.Th>
            )}
            <Table.Th>Name</Table.Th>
            {extraColumn && <Table.Th>{extraColumn.header}</Table.Th>}
            <Table.Th>Email</Table.Th>
            <Table.Th>Company</Table.Th>
            <Table.Th>Title</Table.Th>
            <Table.Th>Location</Table.Th>
            {onEdit && <Table.Th aria-label="Actions" w={48} />}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {people.map((person) => {
            const name = personFullName(person);
            const href = hrefOf(person);
            return (
              <Table.Tr
                key={person.id}
                data-pending={person._pending > 0 || undefined}
                style={{ cursor: "pointer" }}
                onClick={(event) => {
                  if (isRowBackground(event)) navigate(href);
                }}
              >
                {selection && (
                  <Table.Td>
                    <Checkbox
                      aria-label={`Select ${name}`}
                      checked={selection.selected.has(person.id)}
                      onChange={() => selection.onToggle(person.id)}
                    />
                  </Table.Td>
                )}
                <Table.Td>
                  <Group gap="xs" wrap="nowrap">
                    <RouterAnchor href={href} fw={500}>
                      {name}
                    </RouterAnchor>
                    {person._pending > 0 && <PendingBadge />}
                  </Group>
                </Table.Td>
                {extraColumn && <Table.Td>{extraColumn.cell(person)}</Table.Td>}
                <Table.Td>{person.email}</Table.Td>
                <Table.Td>{person.company}</Table.Td>
                <Table.Td>{person.title}</Table.Td>
                <Table.Td>
                  <Text size="sm">{personLocation(person)}</Text>
                </Table.Td>
                {onEdit && (
                  <Table.Td>
                    <RowMenu name={name} later={!after}>
                      <Menu.Item onClick={() => onEdit(person)}>Edit</Menu.Item>
                    </RowMenu>
                  </Table.Td>
                )}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
      {after && footer}
    </>
  );
}
