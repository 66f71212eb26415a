/**
 * The error shape every API answer uses on failure, and the one the site
 * reads (`errors[0].detail`). The mobile app speaks it too, so it is fixed.
 */
export type ApiErrorItem = { code: string; detail: string; attr: string | null };

export type ApiErrorBody = {
  type: "validation_error" | "client_error" | "server_error";
  errors: ApiErrorItem[];
};

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
