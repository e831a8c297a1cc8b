import { useEffect, useState } from "react";

/**
 * False until a commit has shown a list's rows, true from the render after it (and from then on):
 * what a row does not show itself (its menu, the pager below) mounts then, so the first rows land
 * on the page without waiting for it.
 */
export function useAfterRowsShown(shown: boolean): boolean {
  const [after, setAfter] = useState(false);
  useEffect(() => {
    if (shown) setAfter(true);
  }, [shown]);
  return after;
}
