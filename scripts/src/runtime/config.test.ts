import { expect, it } from "vitest";
import { readConfig } from "./config.ts";

it("turns feature_sequence off only when FEATURE_SEQUENCE says off, false or 0", () => {
  const flag = (value?: string) =>
    readConfig(value === undefined ? {} : { FEATURE_SEQUENCE: value }).features.feature_sequence;
  expect(flag()).toBe(true);
  for (const on of ["on", "true", "1", "", "yes"]) expect(flag(on)).toBe(true);
  for (const off of ["off", "false", "0", "OFF", " False "]) expect(flag(off)).toBe(false);
});
