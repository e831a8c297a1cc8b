import { useEffect } from "react";
import { markLoadStep } from "../load-steps.ts";

/**
 * A list screen's rows are on the page (an effect runs once they are committed): the rest of a
 * fresh profile's first sync waits for this (early-sync/), or its writes would hold up the render.
 */
export function useRowsShown(rows: number): void {
  const shown = rows > 0;
  useEffect(() => {
    if (shown) markLoadStep("rows-shown");
  }, [shown]);
}
