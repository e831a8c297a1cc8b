import { TextInput, type TextInputProps } from "@mantine/core";
import { remainingCharacters } from "./workflow-validation.ts";

/** A text input that takes at most `max` characters and says below it how many are left. */
export function CountedTextInput({ max, value, ...props }: TextInputProps & { max: number; value: string }) {
  return (
    <TextInput
      {...props}
      value={value}
      maxLength={max}
      description={`${remainingCharacters(value, max)} characters left`}
      inputWrapperOrder={["label", "input", "description", "error"]}
    />
  );
}
