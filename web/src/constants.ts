// Business constants of the spec (§9) that the web app uses.

/** Widths of this many CSS pixels or fewer count as mobile: the product is desktop only. */
export const MOBILE_MAX_WIDTH_PX = 800;
export const MOBILE_MEDIA_QUERY = `(max-width: ${MOBILE_MAX_WIDTH_PX}px)`;

/** Toasts appear top-right and close by themselves after this long. */
export const TOAST_AUTO_CLOSE_MS = 9000;

/** Height of the signed-in top bar. */
export const NAVBAR_HEIGHT_PX = 64;

/** Where a successful sign-in (and a desktop sign-up) lands. */
export const AFTER_SIGN_IN_PATH = "/workspaces/me/projects";

/**
 * The page explaining how to install the browser extension from its built folder (it is not in
 * a store), opened from the avatar menu.
 */
export const CHROME_EXTENSION_PATH = "/chrome_extension";

/** The built extension as a zip, served next to the app. */
export const CHROME_EXTENSION_ZIP = "/hirestream-extension.zip";

/** Search box of the top bar: collapsed and focused widths. */
export const SEARCH_BOX_WIDTHS = { collapsed: "2rem", expanded: "30rem" } as const;

/** Lists: default page size and the rows-per-page choices (spec §9). */
export const PAGE_SIZE_DEFAULT = 10;
export const PAGE_SIZE_OPTIONS = [10, 20, 30, 40, 50] as const;
