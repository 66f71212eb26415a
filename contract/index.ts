export * from "./errors.ts";
export * from "./signup.ts";
