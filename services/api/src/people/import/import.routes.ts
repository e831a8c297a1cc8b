// POST /people/import_csv (spec §7 People, §5 CSV import): a multipart upload of people.
import multipart from "@fastify/multipart";
import {
  type ImportResultDocument,
  importFields,
  importMessages,
  importUpload,
  isCsvFileName,
} from "@hirestream/contracts/people/import.ts";
import type { FastifyInstance } from "fastify";
import { requireSession } from "../../auth/authenticate.ts";
import type { Deps } from "../../deps.ts";
import { fieldError } from "../../http/field-error.ts";
import { commandIdOf } from "../../http/idempotency.ts";
import { parseParams } from "../../http/parse.ts";
import { afterOwnWrites } from "../../http/read-your-writes.ts";
import { WorkspaceRoles } from "../../workspaces/workspace-roles.ts";
import { importPeople } from "./import-people.ts";
import { readImportFile } from "./import-rows.ts";
import { importTarget } from "./import-target.ts";
import { readUpload, uploadLimits } from "./multipart-upload.ts";

export async function importRoutes(app: FastifyInstance, deps: Deps): Promise<void> {
  // Multipart is understood by this route alone; every other body stays JSON.
  await app.register(async (scope) => {
    await scope.register(multipart, { limits: uploadLimits });

    // The people a file's rows may match are looked up by address in the read model.
    const options = { preValidation: readUpload, preHandler: afterOwnWrites(deps) };
    scope.post("/people/import_csv", options, async (request) => {
      const session = requireSession(request);
      const upload = parseParams(importUpload, request.body);
      const roles = new WorkspaceRoles(deps, session.userId);
      const target = await importTarget(deps, session.userId, upload, roles);
      const file = upload[importFields.file];
      if (!isCsvFileName(file.filename)) throw fieldError("VALIDATION", importMessages.notCsv, importFields.file);
      const read = readImportFile(file.text);
      if (!read.ok) throw fieldError("VALIDATION", read.detail, importFields.file);

      const commandId = commandIdOf(request);
      const tally = await importPeople(deps, {
        userId: session.userId,
        commandId,
        ...target,
        roles,
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
