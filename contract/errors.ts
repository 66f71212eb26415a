import type { ApiErrorBody } from "./responses.ts";

// The shape is written once, as a schema in responses.ts; only its type is imported here, so
// this module, which every page loads through the API client, stays free of zod.
export type { ApiErrorBody, ApiErrorItem } from "./responses.ts";

export function isApiErrorBody(value: unknown): value is ApiErrorBody {
  if (typeof value !== "object" || value === null) return false;
  const errors = (value as { errors?: unknown }).errors;
  return Array.isArray(errors);
}

/** The first error's detail, when the body carries one. */
export function firstErrorDetail(value: unknown): string | null {
  if (!isApiErrorBody(value)) return null;
  const detail = value.errors[0]?.detail;
  return typeof detail === "string" && detail.trim() !== "" ? detail : null;
}
