import { useMediaQuery } from "@mantine/hooks";
import { LANDING_MEDIUM_MIN_PX, LANDING_WIDE_MIN_PX } from "./public-site-constants.ts";

/** The public pages' three layouts, split at the landing breakpoints of spec §9. */
export type PublicWidth = "narrow" | "medium" | "wide";

const options = { getInitialValueInEffect: false } as const;

/** Known from the first render (no flash of the narrow layout) and followed as the window resizes. */
export function usePublicWidth(): PublicWidth {
  const medium = useMediaQuery(`(min-width: ${LANDING_MEDIUM_MIN_PX}px)`, true, options);
  const wide = useMediaQuery(`(min-width: ${LANDING_WIDE_MIN_PX}px)`, true, options);
  if (wide) return "wide";
  return medium ? "medium" : "narrow";
}
