import type { DBCore, DBCoreMutateRequest, Middleware } from "dexie";

// The people lists' order (last name, then first name, case aside, digits as numbers, blank names
// last, then the id) as one string per person whose plain code-unit order is that order: an index
// on it pages a list of thousands without reading it whole. Search results sort by the same key.

/** Sorts after any name: blank names gather at the end. */
const BLANK = "\uffff";
/** Ends a name: a name sorts before every longer name it begins. */
const END = "\u0000";
/** Parts of one name: the letters first, the accents only between names of the same letters. */
const ACCENTS = "\u0001";
/**
 * Starts a number: after spaces and most punctuation, before letters (as a collator has them), and
 * numbers by their value (Case2 before Case10).
 */
const NUMBER = "0";

const controls = /\p{Cc}/gu;
const digits = /\d+/g;
const marks = /\p{M}/gu;

/** A run of digits as its length, then its digits: 9 before 10, 010 the same as 10. */
function numbersOf(text: string): string {
  return text.replace(digits, (run) => {
    const value = run.replace(/^0+(?=\d)/, "");
    return `${NUMBER}${String.fromCharCode(0x20 + Math.min(value.length, 0xff))}${value}`;
  });
}

function nameKey(name: string | null): string {
  const trimmed = name?.replace(controls, "").trim() ?? "";
  if (trimmed === "") return BLANK;
  const decomposed = trimmed.normalize("NFD").toLowerCase();
  return `${numbersOf(decomposed.replace(marks, ""))}${ACCENTS}${decomposed}`;
}

export interface OrderedPerson {
  id: string;
  first_name: string | null;
  last_name: string | null;
}

/** The person's place in every people list. */
export function personOrderKey(person: OrderedPerson): string {
  return `${nameKey(person.last_name)}${END}${nameKey(person.first_name)}${END}${person.id}`;
}

/** A workspace's people in list order: one key per workspace, its id before the person's key. */
export function workspaceOrderKeys(workspaceIds: readonly string[], orderKey: string): string[] {
  return workspaceIds.map((workspaceId) => `${workspaceId}${END}${orderKey}`);
}

/** The index range of one workspace's keys. */
export function workspaceOrderRange(workspaceId: string): [string, string] {
  return [`${workspaceId}${END}`, `${workspaceId}${ACCENTS}`];
}

interface PersonValue extends OrderedPerson {
  workspace_ids?: readonly string[];
}

function isPerson(value: unknown): value is PersonValue {
  return typeof value === "object" && value !== null && "id" in value && typeof value.id === "string";
}

/** The stored person with its list keys, worked out from what it says now. */
export function withOrderKeys<P extends PersonValue>(person: P): P & { order_key: string; workspace_order: string[] } {
  const orderKey = personOrderKey(person);
  return { ...person, order_key: orderKey, workspace_order: workspaceOrderKeys(person.workspace_ids ?? [], orderKey) };
}

/** Every person written, by sync, an optimistic change or a rollback, carries its list keys. */
export const peopleOrderMiddleware: Middleware<DBCore> = {
  stack: "dbcore",
  name: "PeopleOrder",
  create: (down: DBCore) => ({
    ...down,
    table: (name: string) => {
      const table = down.table(name);
      if (name !== "people") return table;
      return {
        ...table,
        mutate: (req: DBCoreMutateRequest) =>
          table.mutate(
            req.type === "add" || req.type === "put"
              ? { ...req, values: req.values.map((value) => (isPerson(value) ? withOrderKeys(value) : value)) }
              : req,
          ),
      };
    },
  }),
};
