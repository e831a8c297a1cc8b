// POST /people/import_csv (spec §7 People, §5 CSV import): a multipart upload of people.
import multipart from "@fastify/multipart";
import type { ErrorCode } from "@hirestream/contracts/errors.ts";
import {
  type ImportResultDocument,
  type ImportUpload,
  importFields,
  importMessages,
  importUpload,
  isCsvFileName,
} from "@hirestream/contracts/people/import.ts";
import type { WorkspaceRole } from "@hirestream/contracts/workspaces/events.ts";
import { mayInWorkspace } from "@hirestream/domain/permissions/workspace-permissions.ts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { requireSession } from "../../auth/authenticate.ts";
import type { Deps } from "../../deps.ts";
import { errorObject, RequestError } from "../../http/errors.ts";
import { commandIdOf } from "../../http/idempotency.ts";
import { parseParams } from "../../http/parse.ts";
import { workspaceRolesOf } from "../person-commands.ts";
import { importPeople } from "./import-people.ts";
import { readImportFile } from "./import-rows.ts";
import { readUpload, uploadLimits } from "./multipart-upload.ts";

/** A refusal naming the form field it is about; multipart fields have no JSON pointer. */
function fieldError(code: ErrorCode, detail: string, parameter: string): RequestError {
  return new RequestError([{ ...errorObject(code, detail), source: { parameter } }]);
}

/**
 * The workspace the people go into as well as the pool, checked as AddPerson's decider does, once
 * for the whole file: someone else's workspace is unknown, a viewer may not add people.
 */
function targetWorkspace(upload: ImportUpload, roles: ReadonlyMap<string, WorkspaceRole>): string | null {
  const given = upload[importFields.workspaceId];
  if (given === undefined) return null;
  const id = z.uuid().safeParse(given).data;
  const role = id === undefined ? undefined : roles.get(id);
  if (id === undefined || role === undefined) {
    throw fieldError("NOT_FOUND", "Workspace not found", importFields.workspaceId);
  }
  if (!mayInWorkspace(role, "people.add")) {
    throw fieldError("FORBIDDEN", "Your role does not allow adding people here", importFields.workspaceId);
  }
  return id;
}

/** Projects and stages do not exist yet, so none can be found; refused rather than ignored. */
function refuseProjectAndStage(upload: ImportUpload): void {
  if (upload[importFields.projectId] !== undefined) {
    throw fieldError("NOT_FOUND", "Project not found", importFields.projectId);
  }
  if (upload[importFields.stageId] !== undefined) {
    throw fieldError("NOT_FOUND", "Stage not found", importFields.stageId);
  }
}

export async function importRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // Multipart is understood by this route alone; every other body stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits });

    scope.post("/people/import_csv", { preValidation: readUpload }, async (request) => {
      const session = requireSession(request);
      const upload = parseParams(importUpload, request.body);
      const workspaceRoles = await workspaceRolesOf(deps, session.userId);
      const workspaceId = targetWorkspace(upload, workspaceRoles);
      refuseProjectAndStage(upload);
      const file = upload[importFields.file];
      if (!isCsvFileName(file.filename)) throw fieldError("VALIDATION", importMessages.notCsv, importFields.file);
      const read = readImportFile(file.text);
      if (!read.ok) throw fieldError("VALIDATION", read.detail, importFields.file);

      const commandId = commandIdOf(request);
      const tally = await importPeople(deps, {
        userId: session.userId,
        workspaceId,
        commandId,
        workspaceRoles,
        rows: read.rows,
      });
      const rowErrors = [...read.rowErrors, ...tally.rowErrors].sort((a, b) => a.line - b.line);
      const document: ImportResultDocument = {
        data: {
          type: "import_result",
          id: commandId,
          attributes: {
            new: tally.new,
            assigned: tally.assigned,
            existing: tally.existing,
            errors: rowErrors.length,
            success: tally.new + tally.existing,
            total: read.total,
          },
        },
        meta: { row_errors: rowErrors, ignored_columns: read.ignoredColumns, position: tally.position },
      };
      return document;
    });
  });
}
