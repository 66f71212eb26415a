import { validateSignupForm } from "@ysp/contract/api";
import { isApiErrorBody } from "@ysp/contract/errors";
import { type SignupSource, sourceFields } from "@ysp/contract/sign-up-source";
import {
  type FieldErrors,
  type SignupField,
  type SignupForm,
  signupFollowUp,
  toSignupRequest,
} from "@ysp/contract/signup";
import { type FormEvent, useEffect, useRef, useState } from "react";
import { flushSync } from "react-dom";
import { href } from "react-router";
import { api } from "./api.ts";
import { noteCheckEmail } from "./check-email-note.ts";
import { toastTimings } from "./page-toasts.ts";
import { noteSignedUp, signedUpToasts, takeSignedUpNote } from "./signed-up-note.ts";
import { clearToasts, prepareToasts, showToast } from "./toasts.ts";
import type { InviteCode } from "./use-invite-code.ts";

const fieldOrder: readonly SignupField[] = ["first_name", "last_name", "email", "password"];
/** Where focus goes first among the problems: the fields in order, then the invite code. */
const problemOrder: readonly (keyof FieldErrors)[] = [...fieldOrder, "referral_code"];

/**
 * The fields are left to the browser (uncontrolled) and read when needed, so
 * what a student types before the page's script arrives survives hydration.
 */
function readForm(form: HTMLFormElement | null): SignupForm {
  const data = form ? new FormData(form) : undefined;
  const value = (name: SignupField) => String(data?.get(name) ?? "");
  return {
    first_name: value("first_name"),
    last_name: value("last_name"),
    email: value("email"),
    password: value("password"),
  };
}

/** Where the student came from, as the server wrote it into the hidden fields: the ones it wrote. */
function readSource(form: HTMLFormElement | null): SignupSource {
  const data = form ? new FormData(form) : undefined;
  const source: SignupSource = {};
  for (const name of sourceFields) {
    const value = String(data?.get(name) ?? "");
    if (value) source[name] = value;
  }
  return source;
}

/** The server's refusals that name a field of the form, first message per field. */
function refusalsByField(body: unknown): FieldErrors {
  const refusals: FieldErrors = {};
  if (!isApiErrorBody(body)) return refusals;
  for (const { attr, detail } of body.errors) {
    const field = fieldOrder.find((name) => name === attr);
    if (field) refusals[field] ??= detail;
  }
  return refusals;
}

/** docs/spec.md §8: the server's message with a thumbs-up, then how to go on; no error left. */
function showSignedUp(message: string) {
  clearToasts();
  for (const text of signedUpToasts(message, signupFollowUp)) void showToast("success", text);
}

/**
 * Home after a sign-up, by a full page load: home ships no framework, and its inline script
 * shows the toasts from the note as it is painted. Where storage is off no note can cross the
 * load, so the toasts are shown here, and home follows once their 2000 ms are up.
 */
function goHomeSignedUp(message: string) {
  if (noteSignedUp(message)) {
    window.location.assign(href("/"));
    return;
  }
  showSignedUp(message);
  window.setTimeout(() => window.location.assign(href("/")), toastTimings.successMs);
}

/**
 * The sign-up form's state and its submit: the form's own check, then the server's, each
 * problem under its field with focus on the first, and home once the account is made.
 */
export function useSignupForm(invite: InviteCode) {
  const form = useRef<HTMLFormElement>(null);
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's word on a field stays under it until that field is changed.
  const [refusals, setRefusals] = useState<FieldErrors>({});
  const [validated, setValidated] = useState(false);
  const [pending, setPending] = useState(false);
  const inFlight = useRef(false);

  // Back here after a sign-up because the way home failed: the account was made, so say so.
  useEffect(() => {
    const message = takeSignedUpNote();
    if (message) showSignedUp(message);
  }, []);
  // Back here from home by the browser's Back, the page as it was left (the back/forward cache):
  // the form is ready again rather than pending for ever.
  useEffect(() => {
    const ready = (event: PageTransitionEvent) => {
      if (!event.persisted) return;
      inFlight.current = false;
      setPending(false);
    };
    window.addEventListener("pageshow", ready);
    return () => window.removeEventListener("pageshow", ready);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const code = invite.codeToSend(event);
    const values = readForm(form.current);
    // Everything the server checks, so one press shows every problem (contract's api.ts).
    const problems = validateSignupForm(values, code);
    // Committed before focus moves, so a screen reader reads the field with its message.
    flushSync(() => {
      setValidated(true);
      setErrors(problems);
      if (problems.referral_code) invite.refuse();
    });
    if (focusFirstOf(problems)) return;
    inFlight.current = true;
    setPending(true);
    prepareToasts();
    const request = toSignupRequest(values, code);
    const result = await api.post("/api/v1/auth/signup/", {
      ...request,
      ...readSource(form.current),
    });
    if (result.ok) {
      // Pending until home replaces this page.
      noteCheckEmail(request.email);
      goHomeSignedUp(result.data.message);
      return;
    }
    inFlight.current = false;
    setPending(false);
    if (!result.sessionExpired) void showToast("error", result.message);
    const refused = refusalsByField(result.body);
    flushSync(() => setRefusals(refused));
    focusFirstOf(refused);
    if (isApiErrorBody(result.body) && result.body.errors[0]?.attr === "referral_code")
      invite.refuse();
  }

  /** Moves focus to the first field with a message, if any: true when there was one. */
  function focusFirstOf(problems: FieldErrors): boolean {
    const firstInvalid = problemOrder.find((field) => problems[field]);
    if (!firstInvalid) return false;
    form.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
    return true;
  }

  /** A field's value changed: the server's word on it goes, and the form's check runs again. */
  function changed(name: SignupField) {
    if (refusals[name]) setRefusals(({ [name]: _changed, ...others }) => others);
    if (validated) setErrors(validateSignupForm(readForm(form.current), invite.code));
  }

  /** A value put in a field as if typed there, focus with it. */
  function typeInto(name: SignupField, value: string) {
    const input = form.current?.elements.namedItem(name);
    if (!(input instanceof HTMLInputElement)) return;
    input.value = value;
    changed(name);
    input.focus();
  }

  return {
    form,
    pending,
    onSubmit,
    changed,
    typeInto,
    /** The field's message: the form's check first, else the server's. */
    messageOf: (name: SignupField) => errors[name] ?? refusals[name],
  };
}
