import { describe, expect, it } from "vitest";
import { sequence } from "./sequence-fixtures.ts";
import { sequenceFormProps } from "./use-sequence-dialogs.ts";

describe("sequenceFormProps", () => {
  const onClose = () => {};
  const row = sequence();

  it("keeps the form shut while no dialog, Remove or Test is open", () => {
    expect(sequenceFormProps(null, onClose)).toEqual({ mode: "create", opened: false, onClose });
    expect(sequenceFormProps({ kind: "remove", sequence: row }, onClose).opened).toBe(false);
    expect(sequenceFormProps({ kind: "test", sequence: row }, onClose).opened).toBe(false);
  });

  it("opens New Sequence with no sequence", () => {
    expect(sequenceFormProps({ kind: "form", mode: "create" }, onClose)).toEqual({
      mode: "create",
      opened: true,
      onClose,
    });
  });

  it("opens Edit and the read-only view on the sequence chosen", () => {
    for (const mode of ["edit", "view"] as const) {
      expect(sequenceFormProps({ kind: "form", mode, sequence: row }, onClose)).toEqual({
        mode,
        sequence: row,
        opened: true,
        onClose,
      });
    }
  });
});
