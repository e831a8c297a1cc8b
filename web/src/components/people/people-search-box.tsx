import { CloseButton, TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, memo } from "react";

export interface PeopleSearchBoxProps {
  value: string;
  onChange: (text: string) => void;
  /** Enter runs the search (spec §2): typing alone does not. */
  onSearch: () => void;
  onClear: () => void;
  label?: string;
}

/** A search field that runs on Enter, with a button that clears it and shows everyone again. */
export const PeopleSearchBox = memo(function PeopleSearchBox({
  value,
  onChange,
  onSearch,
  onClear,
  label = "Search people",
}: PeopleSearchBoxProps) {
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <search>
      <form onSubmit={submit}>
        <TextInput
          aria-label={label}
          placeholder="Search by name, email, company, title or place"
          value={value}
          onChange={(event) => onChange(event.currentTarget.value)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          rightSection={value !== "" ? <CloseButton aria-label="Clear search" onClick={onClear} size="sm" /> : null}
          w={360}
          maxLength={500}
        />
      </form>
    </search>
  );
});
