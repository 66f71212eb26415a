export * from "./api.ts";
export * from "./errors.ts";
export * from "./signup.ts";
