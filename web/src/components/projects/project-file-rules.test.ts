import { FILE_MAX_BYTES, fileMessages } from "@hirestream/contracts/files/files.ts";
import { describe, expect, it } from "vitest";
import { fileSizeText, uploadProblem } from "./project-file-rules.ts";

describe("uploadProblem", () => {
  it("accepts a file up to the limit", () => {
    expect(uploadProblem({ name: "brief.pdf", size: 1 })).toBeNull();
    expect(uploadProblem({ name: "brief.pdf", size: FILE_MAX_BYTES })).toBeNull();
  });

  it("refuses the next byte, an empty file and an overlong name, in the server's words", () => {
    expect(uploadProblem({ name: "big.zip", size: FILE_MAX_BYTES + 1 })).toBe(fileMessages.tooLarge);
    expect(uploadProblem({ name: "empty.txt", size: 0 })).toBe(fileMessages.empty);
    expect(uploadProblem({ name: `${"x".repeat(252)}.pdf`, size: 10 })).toBe(fileMessages.nameTooLong);
  });
});

describe("fileSizeText", () => {
  it.each([
    [1, "1 byte"],
    [512, "512 bytes"],
    [1536, "1.5 KB"],
    [20 * 1024, "20 KB"],
    [10 * 1024 * 1024, "10 MB"],
    [3 * 1024 * 1024 * 1024, "3 GB"],
  ])("%d → %s", (bytes, text) => {
    expect(fileSizeText(bytes)).toBe(text);
  });
});
