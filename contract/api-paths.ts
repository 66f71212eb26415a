import type { paths } from "./openapi.ts";

/**
 * The API's operations as its own document describes them (openapi.ts, generated from
 * /api/openapi.json): the site's client and the contract are checked against these, so
 * neither can drift from what the server says it does.
 */

export type ApiMethod = "get" | "post" | "delete";

type Json<T> = T extends { content: { "application/json": infer Body } } ? Body : never;

type OperationAt<P extends keyof paths, M extends ApiMethod> = NonNullable<paths[P][M]>;

/** Every address the document gives an operation of `method`. */
export type ApiPath<M extends ApiMethod> = {
  [P in keyof paths]: paths[P][M] extends { responses: unknown } ? P : never;
}[keyof paths];

/** The JSON body an operation takes. */
export type ApiBody<P extends keyof paths, M extends ApiMethod> =
  OperationAt<P, M> extends { requestBody: infer Body } ? Json<Body> : never;

type Responses<P extends keyof paths, M extends ApiMethod> =
  OperationAt<P, M> extends { responses: infer R } ? R : never;

/** What an operation answers when all goes well (2xx; never for 204, which has no body). */
export type ApiAnswer<P extends keyof paths, M extends ApiMethod> = Json<
  Responses<P, M>[Extract<keyof Responses<P, M>, 200 | 201 | 202 | 204>]
>;

/** What an operation answers when it refuses (4xx, 5xx): the error shape, its codes narrowed. */
export type ApiRefusal<P extends keyof paths, M extends ApiMethod> = Json<
  Responses<P, M>[Exclude<keyof Responses<P, M>, 200 | 201 | 202 | 204>]
>;
