// Who a project's rows reach (spec §6): every member of its workspace while it is visible, only
// its creator while it is hidden. Its candidacies and its workflow copy follow it, so a hidden
// project's pipeline never reaches another member's browser either.

import type { ProjectRow } from "@hirestream/contracts/projects/rows.ts";
import { z } from "zod";

/** The one user a project's rows are kept to: its creator while it is hidden, null while it is visible. */
export function privateTo(project: Pick<ProjectRow, "visible" | "user_id"> | undefined): string | null {
  return project && !project.visible ? project.user_id : null;
}

/** The sync scopes of a row of the workspace, kept to one user or not. */
export function audienceScopes(workspaceId: string, privateToUser: string | null): string[] {
  return privateToUser === null ? [`ws:${workspaceId}`] : [`user:${privateToUser}`];
}

/** A row as stored: the row browsers get, and the one user it is kept to while its project is hidden. */
export function keptToCreator<Shape extends z.ZodRawShape>(row: z.ZodObject<Shape>) {
  return row.extend({ private_to: z.uuid().nullable() });
}

/** What a browser gets of a stored row: everything but whom it is kept to. */
export function withoutKeeper<Row extends { private_to: string | null }>({
  private_to: _keptTo,
  ...row
}: Row): Omit<Row, "private_to"> {
  return row;
}
