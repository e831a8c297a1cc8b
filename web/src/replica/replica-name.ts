/** One database per browser profile: a second user signing in here replaces the first one's rows. */
export const REPLICA_DB_NAME = "hirestream-replica";

/** The Web Lock the tab syncing for every tab of the profile holds (tab-peers.ts). */
export const leaderLockName = (name: string) => `${name}:sync-leader`;
