import { useEffect } from "react";
import { markLoadStep } from "../load-steps.ts";

/**
 * A list screen's rows are on the page: the rest of a fresh profile's first sync waits for this
 * (early-sync/), or its writes would hold up the render. Called by the table that renders the rows,
 * in whose commit the effect runs: a list's hook may hold rows while its screen still shows a
 * loader (the board waits for its count too), and marking them shown then let the sync's writes in
 * ahead of them.
 */
export function useRowsShown(rows: number): void {
  const shown = rows > 0;
  useEffect(() => {
    if (shown) markLoadStep("rows-shown");
  }, [shown]);
}

/**
 * Rendered beside a list screen's empty state ('No results', or the words of a list with nothing
 * in it yet), which shows only once the scope that would hold its rows is in: the screen has
 * answered, and the rest of a fresh profile's first sync need not wait out its cap for rows that
 * will not come. In the effect of the commit that showed it, as the tables' rows are.
 */
export function EmptyListShown(): null {
  useEffect(() => {
    markLoadStep("empty-shown");
  }, []);
  return null;
}
