// The step body's rich-text editor (spec §5): tiptap with the toolbar's marks, pasting plain text only.
import { FontFamily, FontSize, TextStyle } from "@tiptap/extension-text-style";
import { type Editor, useEditor } from "@tiptap/react";
import StarterKit from "@tiptap/starter-kit";

interface StepBodyEditorOptions {
  content: string;
  editable: boolean;
  onChange: (html: string) => void;
  onFocus: () => void;
  onBlur: () => void;
}

export function useStepBodyEditor({
  content,
  editable,
  onChange,
  onFocus,
  onBlur,
}: StepBodyEditorOptions): Editor | null {
  return useEditor({
    // StarterKit 3 brings underline and links; a link stays closed on click while the body is edited.
    extensions: [StarterKit.configure({ link: { openOnClick: false } }), TextStyle, FontFamily, FontSize],
    content,
    editable,
    editorProps: {
      attributes: { "aria-label": "Body", role: "textbox", "aria-multiline": "true" },
      // Spec §5: pasted text has its styles stripped. What comes with HTML is pasted as its plain
      // text instead, which keeps the lines as paragraphs.
      handlePaste(view, event) {
        const data = event.clipboardData;
        const text = data?.getData("text/plain");
        if (!data?.types.includes("text/html") || !text) return false;
        return view.pasteText(text);
      },
    },
    onUpdate: ({ editor }) => onChange(editor.getHTML()),
    onFocus,
    onBlur,
  });
}
