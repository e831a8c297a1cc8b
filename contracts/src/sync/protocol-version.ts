/**
 * The sync protocol's version, apart from its schemas (messages.ts, where each version's change is
 * noted): the page's first module says hello with it before any other code, zod included, has loaded.
 */
export const SYNC_PROTOCOL_VERSION = 9;
