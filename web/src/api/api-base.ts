/** Where the API answers, on the page's own origin: apart, for the page's first module (early-sync/). */
export const API_BASE = "/api/v1";
