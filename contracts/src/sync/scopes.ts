// The sync scopes: what one browser may hold a share of. A workspace's own rows (its members,
// people and workflow templates) go to everyone in it; a user's to that user; a project's rows
// (the project, its members, invitations, candidacies and workflow copy) to those who may read the
// project, as the permission table says.

export const workspaceScope = (workspaceId: string): string => `ws:${workspaceId}`;
export const userScope = (userId: string): string => `user:${userId}`;
export const projectScope = (projectId: string): string => `proj:${projectId}`;

/** `ws:`, `user:` or `proj:` and a uuid. */
export const scopePattern = /^(ws|user|proj):[0-9a-f-]{36}$/;
