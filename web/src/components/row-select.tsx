import { Combobox, Input } from "@mantine/core";
import type { ChangeEvent, CSSProperties } from "react";

export interface RowSelectOption {
  value: string;
  label: string;
  disabled?: boolean;
}

/** Mantine's small input, as its NativeSelect sets it up on the wrapper. */
const WRAPPER_STYLE = {
  "--input-height": "var(--input-height-sm)",
  "--input-fz": "var(--mantine-font-size-sm)",
  "--input-right-section-pointer-events": "none",
} as CSSProperties;

const CHEVRON_STYLE = { "--combobox-chevron-size": "var(--combobox-chevron-size-sm)" } as CSSProperties;

/**
 * A table row's dropdown: the browser's own select in the look of Mantine's NativeSelect (its
 * classes and data attributes, on the same elements), without its component layers (input
 * wrapper, input, sections, chevron, each resolving its styles). A page of a project's board
 * shows two per row, rendered with the page's first rows and again whenever a row changes.
 */
export function RowSelect({
  label,
  options,
  value,
  onChange,
  disabled = false,
  width,
}: {
  /** The accessible name: the row has no visible label for it. */
  label: string;
  options: readonly RowSelectOption[];
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  width: number;
}) {
  return (
    <div
      className={Input.classes.wrapper}
      style={{ ...WRAPPER_STYLE, width: `calc(${width / 16}rem * var(--mantine-scale))` }}
      data-variant="default"
      data-size="sm"
      data-pointer
      data-disabled={disabled || undefined}
      data-with-right-section
    >
      <select
        className={Input.classes.input}
        data-variant="default"
        data-disabled={disabled || undefined}
        aria-label={label}
        disabled={disabled}
        value={value}
        onChange={(event: ChangeEvent<HTMLSelectElement>) => onChange(event.currentTarget.value)}
      >
        {options.map((option) => (
          <option key={option.value} value={option.value} disabled={option.disabled}>
            {option.label}
          </option>
        ))}
      </select>
      <div className={Input.classes.section} data-position="right">
        <svg
          className={Combobox.classes.chevron}
          style={CHEVRON_STYLE}
          data-size="sm"
          viewBox="0 0 15 15"
          fill="none"
          aria-hidden="true"
        >
          <path
            d="M4.93 5.43a.45.45 0 0 0 .64.64L7.5 4.14l1.93 1.93a.45.45 0 0 0 .64-.64L7.82 3.18a.45.45 0 0 0-.64 0L4.93 5.43Zm5.14 4.14a.45.45 0 0 0-.64-.64L7.5 10.86 5.57 8.93a.45.45 0 0 0-.64.64l2.25 2.25c.18.18.46.18.64 0l2.25-2.25Z"
            fill="currentColor"
            fillRule="evenodd"
            clipRule="evenodd"
          />
        </svg>
      </div>
    </div>
  );
}
