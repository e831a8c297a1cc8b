import { createTheme } from "@mantine/core";

/**
 * The spec's theme breakpoints are 600, 1439 and 1800 px. Mantine wants five ordered keys (in em,
 * 16 px each), so the spec's three take xs, md and lg, and the two gaps take the other widths the
 * spec names: sm is the 800 px mobile cutoff and xl the 2000 px wide layout.
 *   xs 600 px · sm 800 px · md 1439 px · lg 1800 px · xl 2000 px
 */
export const theme = createTheme({
  primaryColor: "blue",
  breakpoints: {
    xs: "37.5em",
    sm: "50em",
    md: "89.9375em",
    lg: "112.5em",
    xl: "125em",
  },
});
