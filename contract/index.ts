export * from "./account.ts";
export * from "./api.ts";
export * from "./data-rights.ts";
export * from "./email.ts";
export * from "./errors.ts";
export * from "./names.ts";
export * from "./responses.ts";
export * from "./signup.ts";
