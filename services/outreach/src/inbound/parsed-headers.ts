import type { ParsedMail } from "mailparser";

/** A header's value as text, as mailparser decoded and unfolded it; the first one if repeated. */
export function headerText(mail: Pick<ParsedMail, "headers">, name: string): string | undefined {
  const value = mail.headers.get(name);
  const first = Array.isArray(value) ? value[0] : value;
  if (typeof first === "string") return first;
  if (typeof first === "object" && first !== null && "value" in first && typeof first.value === "string") {
    return first.value;
  }
  return undefined;
}

/** `rfc822; ada@example.com` → `ada@example.com`: a DSN field's value after its type. */
export function withoutTypePrefix(value: string | undefined): string | undefined {
  if (value === undefined) return undefined;
  const semicolon = value.indexOf(";");
  return (semicolon === -1 ? value : value.slice(semicolon + 1)).trim();
}

/** The addresses of a parsed address header, lower-cased. */
export function addressesOf(field: ParsedMail["from"] | ParsedMail["to"]): string[] {
  const objects = field === undefined ? [] : Array.isArray(field) ? field : [field];
  return objects.flatMap((object) =>
    object.value
      .flatMap((entry) => [entry, ...(entry.group ?? [])])
      .flatMap((entry) => (entry.address ? [entry.address.toLowerCase()] : [])),
  );
}

/** A parameter of a structured header (`report-type` of Content-Type), lower-cased. */
export function headerParameter(
  mail: Pick<ParsedMail, "headers">,
  name: string,
  parameter: string,
): string | undefined {
  const value = mail.headers.get(name);
  if (typeof value !== "object" || value === null || !("params" in value)) return undefined;
  const params: unknown = value.params;
  if (typeof params !== "object" || params === null || !(parameter in params)) return undefined;
  const found: unknown = Object.getOwnPropertyDescriptor(params, parameter)?.value;
  return typeof found === "string" ? found.toLowerCase() : undefined;
}
