/** One database per browser profile: a second user signing in here replaces the first one's rows. */
export const REPLICA_DB_NAME = "hirestream-replica";
