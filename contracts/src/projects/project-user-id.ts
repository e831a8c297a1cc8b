import { v5 as uuidV5 } from "uuid";

// Our own UUID v5 namespace for project members (RFC 9562 §5.5).
const PROJECT_USER_NAMESPACE = "9c3e71a4-52d8-4f0b-8e26-4a7d1b90c3f5";

/**
 * A user is a member of a project at most once, so the member's id (the spec's project_user id,
 * in PUT /projects/{p}/project_users/{id}) is a function of the pair.
 */
export function projectUserIdOf(projectId: string, userId: string): string {
  return uuidV5(`${projectId}/${userId}`, PROJECT_USER_NAMESPACE);
}
