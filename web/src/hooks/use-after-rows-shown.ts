import { startTransition, useEffect, useState } from "react";

/**
 * False until a commit has shown a list's rows, true from a render after it (and from then on):
 * what a row does not show itself (its menu, the pager below) mounts then, so the first rows land
 * on the page without waiting for it. As a transition, in a task of its own: a live query's render
 * flushes its effects, and a plain update from them, in the task of its commit.
 */
export function useAfterRowsShown(shown: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (shown) startTransition(() => setAfter(true));
  }, [shown]);
  return after;
}
