import { Input, NativeSelect } from "@mantine/core";
import { RichTextEditor } from "@mantine/tiptap";
import "@mantine/tiptap/styles.css";
import type { Editor } from "@tiptap/react";
import { forMantine } from "./mantine-editor.ts";

const FONT_SIZES = ["10px", "12px", "14px", "16px", "18px", "24px", "32px"];
const FONT_FAMILIES = ["Arial", "Georgia", "Helvetica", "Tahoma", "Times New Roman", "Verdana", "Courier New"];

interface StepBodyEditorProps {
  editor: Editor | null;
  error: string | undefined;
  readOnly: boolean;
}

/** Spec §5's toolbar: bold, italic, underline, font size, font family, lists and links. */
export function StepBodyEditor({ editor, error, readOnly }: StepBodyEditorProps) {
  const style = (label: string, values: readonly string[], apply: (value: string) => void) => (
    <NativeSelect
      size="xs"
      aria-label={label}
      data={[{ value: "", label }, ...values.map((value) => ({ value, label: value }))]}
      value=""
      onChange={(event) => {
        if (event.currentTarget.value) apply(event.currentTarget.value);
      }}
    />
  );
  return (
    <Input.Wrapper label="Body" withAsterisk error={error}>
      <RichTextEditor
        editor={forMantine(editor)}
        style={error ? { borderColor: "var(--mantine-color-error)" } : undefined}
      >
        {!readOnly && (
          <RichTextEditor.Toolbar>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Bold />
              <RichTextEditor.Italic />
              <RichTextEditor.Underline />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              {style("Font size", FONT_SIZES, (size) => editor?.chain().focus().setFontSize(size).run())}
              {style("Font family", FONT_FAMILIES, (family) => editor?.chain().focus().setFontFamily(family).run())}
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.BulletList />
              <RichTextEditor.OrderedList />
            </RichTextEditor.ControlsGroup>
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.Link />
              <RichTextEditor.Unlink />
            </RichTextEditor.ControlsGroup>
          </RichTextEditor.Toolbar>
        )}
        <RichTextEditor.Content mih={160} />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
