import { describe, expect, it } from "vitest";
import {
  canAddStepFrom,
  canGoNext,
  confirmingAfter,
  firstTabWithErrors,
  nextTab,
  tabLabel,
  tabOfValue,
  tabsOf,
  tabValue,
} from "./sequence-tabs.ts";

const noErrors = { info: false, steps: [false, false] };

describe("the New Sequence tabs", () => {
  it("are Start and the steps, with Finish only once confirmation is requested", () => {
    expect(tabsOf("create", 2, false).map((tab) => tabLabel(tab, "create"))).toEqual(["Start", "Step 1", "Step 2"]);
    expect(tabsOf("create", 2, true).map((tab) => tabLabel(tab, "create"))).toEqual([
      "Start",
      "Step 1",
      "Step 2",
      "Finish",
    ]);
  });

  it("allow Next once the name is set, and lead from Start through the steps", () => {
    expect([canGoNext(""), canGoNext("  "), canGoNext("S")]).toEqual([false, false, true]);
    expect(nextTab({ kind: "info" }, 2)).toEqual({ kind: "step", index: 0 });
    expect(nextTab({ kind: "step", index: 0 }, 2)).toEqual({ kind: "step", index: 1 });
    expect(nextTab({ kind: "step", index: 1 }, 2)).toBeNull();
  });

  it("offer + Step only on the last step tab when it holds no errors", () => {
    expect(canAddStepFrom({ kind: "step", index: 1 }, 2, noErrors)).toBe(true);
    expect(canAddStepFrom({ kind: "step", index: 0 }, 2, noErrors)).toBe(false);
    expect(canAddStepFrom({ kind: "info" }, 2, noErrors)).toBe(false);
    expect(canAddStepFrom({ kind: "step", index: 1 }, 2, { info: false, steps: [false, true] })).toBe(false);
  });

  it("clear the confirmation when the Finish tab is left", () => {
    expect(confirmingAfter({ kind: "finish" }, { kind: "step", index: 0 }, true)).toBe(false);
    expect(confirmingAfter({ kind: "finish" }, { kind: "finish" }, true)).toBe(true);
    expect(confirmingAfter({ kind: "info" }, { kind: "finish" }, true)).toBe(true);
  });
});

describe("Edit Sequence tabs", () => {
  it("are Info and the steps, never Finish", () => {
    expect(tabsOf("edit", 1, true).map((tab) => tabLabel(tab, "edit"))).toEqual(["Info", "Step 1"]);
  });
});

describe("tab values", () => {
  it("read back the tab they name", () => {
    for (const tab of tabsOf("create", 3, true)) expect(tabOfValue(tabValue(tab))).toEqual(tab);
    expect(tabOfValue(null)).toEqual({ kind: "info" });
  });

  it("lead a failed Finish to the first tab holding an error", () => {
    expect(firstTabWithErrors({ info: false, steps: [false, true] })).toEqual({ kind: "step", index: 1 });
    expect(firstTabWithErrors({ info: true, steps: [true] })).toEqual({ kind: "info" });
    expect(firstTabWithErrors(noErrors)).toBeNull();
  });
});
