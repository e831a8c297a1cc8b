import { TextInput } from "@mantine/core";
import { IconSearch } from "@tabler/icons-react";
import { type FormEvent, useState } from "react";
import { useLocation } from "wouter";
import { SEARCH_BOX_WIDTHS } from "../../constants.ts";

/**
 * Collapsed to 2rem until focused (by a click or by Tab), then 30rem (spec §9); submitting opens
 * /talent_search.
 */
export function TalentSearchBox() {
  const [, navigate] = useLocation();
  const [focused, setFocused] = useState(false);
  const [query, setQuery] = useState("");
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const searchBy = query.trim();
    if (!searchBy) return;
    navigate(`/talent_search?search_by=${encodeURIComponent(searchBy)}`);
  };
  const open = focused || query !== "";
  return (
    <search>
      <form onSubmit={submit}>
        <TextInput
          aria-label="Search for a talent"
          placeholder={open ? "Search for a talent..." : undefined}
          value={query}
          onChange={(event) => setQuery(event.currentTarget.value)}
          onFocus={() => setFocused(true)}
          onBlur={() => setFocused(false)}
          leftSection={<IconSearch size={16} aria-hidden="true" />}
          // The icon fills the whole collapsed box: a click on it must reach the input and open it.
          leftSectionPointerEvents="none"
          leftSectionWidth={SEARCH_BOX_WIDTHS.collapsed}
          radius="xl"
          styles={{
            input: {
              width: open ? SEARCH_BOX_WIDTHS.expanded : SEARCH_BOX_WIDTHS.collapsed,
              // Collapsed, the box is the icon alone: padding and border must fit inside the 2rem.
              boxSizing: "border-box",
              paddingInlineStart: `calc(${SEARCH_BOX_WIDTHS.collapsed} - 2px)`,
              paddingInlineEnd: open ? undefined : 0,
              transition: "width 200ms ease",
              cursor: open ? "text" : "pointer",
            },
          }}
        />
      </form>
    </search>
  );
}
