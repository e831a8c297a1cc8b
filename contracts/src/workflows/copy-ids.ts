import { v5 as uuidV5 } from "uuid";

// Our own UUID v5 namespace for the copies of workflow templates (RFC 9562 §5.5).
const WORKFLOW_COPY_NAMESPACE = "c3e1a7d2-4b6f-4e8a-9d0c-7f2b5a1e3c68";

/**
 * A project's copy of a template is named by the pair, and its stages by the template's stages, so
 * the browser shows the copy (and puts candidates in its stages) before the server has made it, under
 * the very ids the server will use.
 */
export function workflowCopyIdOf(projectId: string, templateId: string): string {
  return uuidV5(`${projectId}/${templateId}`, WORKFLOW_COPY_NAMESPACE);
}

export function copyStageIdOf(copyId: string, templateStageId: string): string {
  return uuidV5(`${copyId}/${templateStageId}`, WORKFLOW_COPY_NAMESPACE);
}
