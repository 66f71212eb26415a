import type {
  ApiErrorBody,
  ApiErrorCode,
  changePasswordBodySchema,
  correctNameBodySchema,
  correctSignupEmailBodySchema,
  DataAccess,
  deleteBodySchema,
  emailChangeBodySchema,
  emailOnlyBodySchema,
  googleLoginBodySchema,
  guardianAnswerBodySchema,
  guardianRequestBodySchema,
  LoginResponse,
  loginBodySchema,
  MessageResponse,
  newsletterBodySchema,
  PublicUser,
  passwordResetConfirmBodySchema,
  refreshBodySchema,
  SessionList,
  SignupResponse,
  signupBodySchema,
  TokenPair,
  tokenBodySchema,
} from "@ysp/contract";
import type { ApiAnswer, ApiBody, ApiMethod, ApiPath, ApiRefusal } from "@ysp/contract/api-paths";
import type * as z from "zod/mini";

/**
 * The contract against the API's document (contract/openapi.ts, generated from what the server
 * serves): every operation's body and answer are the contract's own types, each way round, and
 * every refusal's codes are codes the contract knows. `npm run typecheck` compiles this file;
 * a route wired to another schema, or a contract type that changed alone, stops it compiling.
 */

/** Each assignable to the other. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

type Contract<Body, Answer> = { body: Body; answer: Answer };
type Input<Schema extends z.ZodMiniType> = z.input<Schema>;

type TheContract = {
  "/api/v1/auth/signup/": { post: Contract<Input<typeof signupBodySchema>, SignupResponse> };
  "/api/v1/auth/signup/email/": {
    post: Contract<Input<typeof correctSignupEmailBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/login/": { post: Contract<Input<typeof loginBodySchema>, LoginResponse> };
  "/api/v1/auth/google/": {
    post: Contract<Input<typeof googleLoginBodySchema>, LoginResponse>;
  };
  "/api/v1/auth/refresh/": { post: Contract<Input<typeof refreshBodySchema>, TokenPair> };
  "/auth/refresh/": { post: Contract<Input<typeof refreshBodySchema>, TokenPair> };
  "/api/v1/auth/me/": { get: Contract<never, PublicUser> };
  "/api/v1/auth/logout/": { post: Contract<Input<typeof refreshBodySchema>, never> };
  "/api/v1/auth/logout/everywhere/": { post: Contract<never, never> };
  "/api/v1/auth/sessions/": { get: Contract<never, SessionList> };
  "/api/v1/auth/sessions/{id}/": { delete: Contract<never, never> };
  "/api/v1/auth/password/": {
    post: Contract<Input<typeof changePasswordBodySchema>, TokenPair>;
  };
  "/api/v1/auth/email-change/": {
    post: Contract<Input<typeof emailChangeBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/email-change/confirm/": {
    post: Contract<Input<typeof tokenBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/email-change/undo/": {
    post: Contract<Input<typeof tokenBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/verify-email/resend/": {
    post: Contract<Input<typeof emailOnlyBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/verify-email/": { post: Contract<Input<typeof tokenBodySchema>, MessageResponse> };
  "/api/v1/auth/password-reset/": {
    post: Contract<Input<typeof emailOnlyBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/password-reset/confirm/": {
    post: Contract<Input<typeof passwordResetConfirmBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/your-data/link/": {
    post: Contract<Input<typeof emailOnlyBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/your-data/open/": { post: Contract<Input<typeof tokenBodySchema>, DataAccess> };
  "/api/v1/auth/your-data/name/": {
    post: Contract<Input<typeof correctNameBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/your-data/stop-marketing/": {
    post: Contract<Record<string, never>, MessageResponse>;
  };
  "/api/v1/auth/your-data/google/remove/": {
    post: Contract<Record<string, never>, MessageResponse>;
  };
  "/api/v1/auth/your-data/guardian-request/": {
    post: Contract<Input<typeof guardianRequestBodySchema>, MessageResponse>;
  };
  "/api/v1/auth/your-data/delete/": {
    post: Contract<Input<typeof deleteBodySchema>, MessageResponse>;
  };
  "/api/v1/guardian-consent/": {
    post: Contract<Input<typeof guardianAnswerBodySchema>, MessageResponse>;
  };
  "/api/v1/newsletter/": { post: Contract<Input<typeof newsletterBodySchema>, MessageResponse> };
  "/api/v1/newsletter/confirm/": {
    post: Contract<Input<typeof tokenBodySchema>, MessageResponse>;
  };
  "/api/v1/newsletter/unsubscribe/": {
    post: Contract<Input<typeof tokenBodySchema>, MessageResponse>;
  };
};

/**
 * Every operation of the document has its line above, and every line is an operation; the
 * download of one's data aside, a file for a person rather than an answer read field by field.
 */
type Listed<M extends ApiMethod> = {
  [P in keyof TheContract]: M extends keyof TheContract[P] ? P : never;
}[keyof TheContract];
export const everyGet: Same<ApiPath<"get">, Listed<"get"> | "/api/v1/auth/your-data"> = true;
export const everyPost: Same<ApiPath<"post">, Listed<"post">> = true;
export const everyDelete: Same<ApiPath<"delete">, Listed<"delete">> = true;

type Agreement<P extends keyof TheContract> = {
  [M in keyof TheContract[P] & ApiMethod]: P extends ApiPath<M>
    ? TheContract[P][M] extends Contract<infer Body, infer Answer>
      ? [
          M extends "post" ? Same<ApiBody<P, M>, Body> : true,
          Same<ApiAnswer<P, M>, Answer>,
          // The document's refusals are the contract's error shape, with codes it knows.
          ApiRefusal<P, M> extends ApiErrorBody ? true : false,
          ApiRefusal<P, M> extends { errors: { code: infer Code }[] }
            ? [Code] extends [ApiErrorCode]
              ? true
              : false
            : false,
        ]
      : [false]
    : [false];
}[keyof TheContract[P] & ApiMethod];

type AllTrue<T> = T extends readonly true[] ? true : false;

export const agrees: {
  [P in keyof TheContract]: AllTrue<Agreement<P>>;
} = {
  "/api/v1/auth/signup/": true,
  "/api/v1/auth/signup/email/": true,
  "/api/v1/auth/login/": true,
  "/api/v1/auth/google/": true,
  "/api/v1/auth/refresh/": true,
  "/auth/refresh/": true,
  "/api/v1/auth/me/": true,
  "/api/v1/auth/logout/": true,
  "/api/v1/auth/logout/everywhere/": true,
  "/api/v1/auth/sessions/": true,
  "/api/v1/auth/sessions/{id}/": true,
  "/api/v1/auth/password/": true,
  "/api/v1/auth/email-change/": true,
  "/api/v1/auth/email-change/confirm/": true,
  "/api/v1/auth/email-change/undo/": true,
  "/api/v1/auth/verify-email/resend/": true,
  "/api/v1/auth/verify-email/": true,
  "/api/v1/auth/password-reset/": true,
  "/api/v1/auth/password-reset/confirm/": true,
  "/api/v1/auth/your-data/link/": true,
  "/api/v1/auth/your-data/open/": true,
  "/api/v1/auth/your-data/name/": true,
  "/api/v1/auth/your-data/stop-marketing/": true,
  "/api/v1/auth/your-data/google/remove/": true,
  "/api/v1/auth/your-data/guardian-request/": true,
  "/api/v1/auth/your-data/delete/": true,
  "/api/v1/guardian-consent/": true,
  "/api/v1/newsletter/": true,
  "/api/v1/newsletter/confirm/": true,
  "/api/v1/newsletter/unsubscribe/": true,
};

/** The codes an operation's refusals can carry. */
type RefusalCode<P extends keyof TheContract, M extends ApiMethod> =
  ApiRefusal<P, M> extends { errors: (infer Item)[] }
    ? Item extends { code: infer Code }
      ? Code
      : never
    : never;

/**
 * Each operation's codes are its own, not every code the API has: logIn cannot answer
 * email_taken, so a client comparing logIn's code with it does not compile (sdk-flow.ts
 * compares codes with no cast).
 */
export const codesNarrowed: [
  "authentication_failed" extends RefusalCode<"/api/v1/auth/login/", "post"> ? true : false,
  "email_taken" extends RefusalCode<"/api/v1/auth/login/", "post"> ? false : true,
] = [true, true];
