// The extension's version, shown in its manifest and sent nowhere else.
export const EXTENSION_VERSION = "1.0.0";
