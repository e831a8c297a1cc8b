import type { RichTextEditorProps } from "@mantine/tiptap";
import type { Editor } from "@tiptap/react";

/**
 * @tiptap/react declares its Editor twice, for import and for require, and @mantine/tiptap's
 * declarations (CommonJS-typed) name the require one: under `nodenext` the two do not match,
 * although they describe the one class the bundle holds (a single @tiptap/core, pinned in the
 * root package.json's overrides). This is the one place the two declarations meet.
 */
export function forMantine(editor: Editor | null): RichTextEditorProps["editor"] {
  return editor as unknown as RichTextEditorProps["editor"];
}
