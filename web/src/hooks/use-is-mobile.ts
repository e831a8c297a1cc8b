import { useMediaQuery } from "@mantine/hooks";
import { MOBILE_MEDIA_QUERY } from "../constants.ts";

/** True at 800 px wide or less, known from the first render and followed as the window resizes. */
export function useIsMobile(): boolean {
  return useMediaQuery(MOBILE_MEDIA_QUERY, false, { getInitialValueInEffect: false });
}
