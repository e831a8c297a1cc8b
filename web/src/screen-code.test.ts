import type { ComponentType } from "react";
import { expect, test } from "vitest";
import { isScreenCode, screenCode } from "./screen-code.ts";

const Component: ComponentType<object> = () => null;

test("a screen's code is fetched once however many ask for it, and is held once it is in", async () => {
  let fetched = 0;
  let arrive: (component: ComponentType<object>) => void = () => undefined;
  const code = screenCode(() => {
    fetched += 1;
    return new Promise<ComponentType<object>>((resolve) => {
      arrive = resolve;
    });
  });
  const first = code();
  const second = code();
  expect(fetched).toBe(1);
  expect(code.loaded()).toBeNull();

  arrive(Component);
  expect(await first).toBe(Component);
  expect(await second).toBe(Component);
  expect(code.loaded()).toBe(Component);
  expect(fetched).toBe(1);
});

test("only a screen's code made here is taken for one, not any function that loads a component", () => {
  const load = () => Promise.resolve(Component);
  expect(isScreenCode(load)).toBe(false);
  expect(isScreenCode(screenCode(load))).toBe(true);
});
