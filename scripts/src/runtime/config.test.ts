import { expect, it } from "vitest";
import { readConfig } from "./config.ts";

it("turns feature_sequence off only when FEATURE_SEQUENCE says off, false or 0", () => {
  const flag = (value?: string) =>
    readConfig(value === undefined ? {} : { FEATURE_SEQUENCE: value }).features.feature_sequence;
  expect(flag()).toBe(true);
  for (const on of ["on", "true", "1", "", "yes"]) expect(flag(on)).toBe(true);
  for (const off of ["off", "false", "0", "OFF", " False "]) expect(flag(off)).toBe(false);
});

it("believes X-Forwarded-For only when TRUST_PROXY names the proxies or says true", () => {
  const trust = (value?: string) => readConfig(value === undefined ? {} : { TRUST_PROXY: value }).trustProxy;
  expect(trust()).toBe(false);
  for (const off of ["", "false", "off", "0"]) expect(trust(off)).toBe(false);
  expect(trust("true")).toBe(true);
  expect(trust(" 10.0.0.1, 10.0.0.0/8 ")).toBe("10.0.0.1, 10.0.0.0/8");
  expect(() => trust("2")).toThrow(/hop count/);
});

it("reads ALLOWED_ORIGINS as comma-separated origins and stops at anything else", () => {
  const origins = (value?: string) => readConfig(value === undefined ? {} : { ALLOWED_ORIGINS: value }).allowedOrigins;
  expect(origins()).toEqual([]);
  expect(origins(" https://crm.example.com , http://10.0.0.5:3000/ ")).toEqual([
    "https://crm.example.com",
    "http://10.0.0.5:3000",
  ]);
  expect(() => origins("crm.example.com")).toThrow(/ALLOWED_ORIGINS/);
  expect(() => origins("https://crm.example.com/app")).toThrow(/ALLOWED_ORIGINS/);
});

it("keeps the local mailbox on unless LOCAL_MAILBOX says off, false or 0, and reads the credentials keys", () => {
  const localMailbox = (value: string | undefined) =>
    readConfig(value === undefined ? {} : { LOCAL_MAILBOX: value }).localMailbox;
  expect([undefined, "", "on", "1", "off", "false", "0", " OFF "].map(localMailbox)).toEqual([
    true,
    true,
    true,
    true,
    false,
    false,
    false,
    false,
  ]);
  expect(readConfig({}).credentialsKey).toBeUndefined();
  const config = readConfig({ CREDENTIALS_KEY: "a2V5", CREDENTIALS_PREVIOUS_KEYS: "b2xk" });
  expect([config.credentialsKey, config.credentialsPreviousKeys]).toEqual(["a2V5", "b2xk"]);
});

it("offers a sign-in provider only with its client id, at Google's and Microsoft's own addresses by default", () => {
  expect(readConfig({}).signInProviders).toEqual({});
  expect(
    readConfig({ GOOGLE_CLIENT_SECRET: "secret", MICROSOFT_AUTHORITY: "https://x.example" }).signInProviders,
  ).toEqual({});
  expect(readConfig({ GOOGLE_CLIENT_ID: "g-id", MICROSOFT_CLIENT_ID: "m-id" }).signInProviders).toEqual({
    google_oauth2: { issuer: "https://accounts.google.com", clientId: "g-id", clientSecret: undefined },
    microsoft_graph_auth: {
      issuer: "https://login.microsoftonline.com/common/v2.0",
      clientId: "m-id",
      clientSecret: undefined,
    },
  });
  const custom = readConfig({
    GOOGLE_CLIENT_ID: "g-id",
    GOOGLE_CLIENT_SECRET: "g-secret",
    GOOGLE_ISSUER: "http://127.0.0.1:8080/",
    MICROSOFT_CLIENT_ID: "m-id",
    MICROSOFT_CLIENT_SECRET: "m-secret",
    MICROSOFT_AUTHORITY: "https://login.microsoftonline.com/contoso.onmicrosoft.com/",
  }).signInProviders;
  expect(custom.google_oauth2).toEqual({ issuer: "http://127.0.0.1:8080", clientId: "g-id", clientSecret: "g-secret" });
  expect(custom.microsoft_graph_auth?.issuer).toBe("https://login.microsoftonline.com/contoso.onmicrosoft.com/v2.0");
  expect(() => readConfig({ GOOGLE_CLIENT_ID: "g-id", GOOGLE_ISSUER: "accounts.google.com" })).toThrow(/GOOGLE_ISSUER/);
});

it("reaches Gmail and Microsoft Graph at their own addresses unless GMAIL_API_URL or GRAPH_API_URL say otherwise", () => {
  expect(readConfig({}).mailApis).toEqual({
    gmail: "https://gmail.googleapis.com",
    graph: "https://graph.microsoft.com/v1.0",
  });
  expect(
    readConfig({ GMAIL_API_URL: "http://127.0.0.1:4501/", GRAPH_API_URL: "http://127.0.0.1:4502/v1.0" }).mailApis,
  ).toEqual({ gmail: "http://127.0.0.1:4501", graph: "http://127.0.0.1:4502/v1.0" });
  expect(() => readConfig({ GRAPH_API_URL: "graph.microsoft.com" })).toThrow(/GRAPH_API_URL/);
});

it("reads mailboxes every MAILBOX_POLL_SECONDS, 60 unless set, and stops at a value that is no whole number of seconds from 5", () => {
  const seconds = (value: string | undefined) =>
    readConfig(value === undefined ? {} : { MAILBOX_POLL_SECONDS: value }).mailboxPollSeconds;
  expect([undefined, "", "5", " 300 "].map(seconds)).toEqual([60, 60, 5, 300]);
  for (const wrong of ["0", "4", "1.5", "-60", "soon"]) expect(() => seconds(wrong)).toThrow(/MAILBOX_POLL_SECONDS/);
});
