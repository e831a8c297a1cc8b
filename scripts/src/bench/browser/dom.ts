// The few browser APIs the bench's in-page code uses, as structural subsets of the DOM's own types.
// The scripts are type-checked with Node's libs only: adding `lib: dom` (even by a triple-slash
// reference) applies to the whole program and clashes with Node's WebSocket types in services/.
// A file running in the page declares the globals it needs with these types, module-scoped, so
// nothing leaks into server code. The real objects satisfy them; no value here exists at runtime.

export interface IdbRequest<T> {
  readonly result: T;
  readonly error: unknown;
  onsuccess: (() => void) | null;
  onerror: (() => void) | null;
}

export interface IdbOpenRequest extends IdbRequest<IdbDatabase> {
  /** The version-change transaction while `onupgradeneeded` runs. */
  readonly transaction: IdbTransaction | null;
  onupgradeneeded: (() => void) | null;
  onblocked: (() => void) | null;
}

export interface IdbObjectStore {
  put(value: unknown): IdbRequest<unknown>;
  count(): IdbRequest<number>;
  get(key: string): IdbRequest<unknown>;
  createIndex(name: string, keyPath: string, options?: { multiEntry?: boolean }): unknown;
}

export interface IdbTransaction {
  readonly error: unknown;
  objectStore(name: string): IdbObjectStore;
  abort(): void;
  oncomplete: (() => void) | null;
  onerror: (() => void) | null;
  onabort: (() => void) | null;
}

export interface IdbDatabase {
  readonly objectStoreNames: { contains(name: string): boolean };
  createObjectStore(name: string, options: { keyPath: string }): IdbObjectStore;
  transaction(stores: string | string[], mode: "readonly" | "readwrite"): IdbTransaction;
  close(): void;
  onversionchange: (() => void) | null;
}

export interface IdbFactory {
  open(name: string, version?: number): IdbOpenRequest;
  deleteDatabase(name: string): IdbRequest<undefined>;
  databases(): Promise<{ name?: string }[]>;
}

export interface DomElement {
  readonly textContent: string | null;
  /** An input's current value (the property, which may differ from the attribute); undefined on other elements. */
  readonly value?: string;
  /** A `<select>`'s chosen options; undefined on other elements. */
  readonly selectedOptions?: ArrayLike<DomElement>;
  getAttribute(name: string): string | null;
  querySelector(selector: string): DomElement | null;
  click(): void;
}

export interface DomDocument {
  readonly documentElement: DomElement;
  querySelector(selector: string): DomElement | null;
  querySelectorAll(selector: string): Iterable<DomElement>;
}

export interface DomMutationObserver {
  observe(
    target: DomElement | DomDocument,
    options: {
      attributes?: boolean;
      attributeFilter?: string[];
      characterData?: boolean;
      childList?: boolean;
      subtree?: boolean;
    },
  ): void;
  disconnect(): void;
}

export type DomMutationObserverClass = new (callback: () => void) => DomMutationObserver;
