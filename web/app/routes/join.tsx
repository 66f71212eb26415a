import { joinPage } from "@ysp/content/join";
import {
  type FieldErrors,
  formAction,
  isApiErrorBody,
  joinSlots,
  type SignupField,
  type SignupForm,
  signupFollowUp,
  toSignupRequest,
  validateSignupForm,
} from "@ysp/contract";
import {
  type FormEvent,
  type InputHTMLAttributes,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import { flushSync } from "react-dom";
import { href, Link, useNavigate } from "react-router";
import { ChatButton } from "~/components/chat-button.tsx";
import { EmailTypoHint } from "~/components/email-typo-hint.tsx";
import { Field, type FieldProps } from "~/components/field.tsx";
import { Icon } from "~/components/icons.tsx";
import { Logo } from "~/components/logo.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { Toasts } from "~/components/toast-host.tsx";
import { api } from "~/lib/api.ts";
import { noteCheckEmail } from "~/lib/check-email-note.ts";
import { toastTimings } from "~/lib/page-toasts.ts";
import { pageMeta } from "~/lib/seo.ts";
import { noteSignedUp, signedUpToasts, takeSignedUpNote } from "~/lib/signed-up-note.ts";
import { suggestEmail } from "~/lib/suggest-email.ts";
import { clearToasts, prepareToasts, showToast } from "~/lib/toasts.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import type { PagePath } from "~/pages.ts";
import type { Route } from "./+types/join";

export function meta() {
  return pageMeta({
    ...joinPage.meta,
    path: "/join",
  });
}

const fieldOrder: readonly SignupField[] = ["first_name", "last_name", "email", "password"];
/** Where focus goes first among the problems: the fields in order, then the invite code. */
const problemOrder: readonly (keyof FieldErrors)[] = [...fieldOrder, "referral_code"];
/** The sign-up posted from /join, with no invite code: where "Continue without" sends it. */
const withoutInviteAction = `${href("/join/:id?")}${formAction("sign-up")}`;
const { consent } = joinPage;

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

export default function Join({ params }: Route.ComponentProps) {
  const id = useId();
  const hydrated = useHydrated();
  // The server writes the code into the page it sends for /join/<code> (api/src/routes/join-page.ts),
  // so the first render already matches it.
  const inviteCode = params.id ?? "";
  const [errors, setErrors] = useState<FieldErrors>({});
  // The server's word on a field stays under it until that field is changed.
  const [refusals, setRefusals] = useState<FieldErrors>({});
  const [validated, setValidated] = useState(false);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // "Did you mean …?" under the address once it is left, until it is changed (email-typo-hint.tsx).
  const [emailSuggestion, setEmailSuggestion] = useState<string>();
  // The invite code cannot be edited, so an unknown one needs a way on without it: the server
  // says so in the page it sends (the note arrives shown), or in its answer to Continue.
  const [rejectedInvite, setRejectedInvite] = useState<string | null>(null);
  const inviteNote = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (inviteNote.current && !inviteNote.current.hidden) setRejectedInvite(params.id ?? null);
  }, [params.id]);
  const inviteRefused = params.id !== undefined && rejectedInvite === params.id;
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const withoutInvite = useRef<HTMLButtonElement>(null);
  const navigate = useNavigate();
  const signedIn = useSignedInUser();

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
    // "Continue without an invite code" leaves the code behind for good: the address loses it,
    // and the fields, uncontrolled on the same page, keep what was typed.
    const without = (event.nativeEvent as SubmitEvent).submitter === withoutInvite.current;
    if (without) navigate(href("/join/:id?"), { replace: true, preventScrollReset: true });
    const code = without ? "" : (params.id ?? "");
    const values = readForm(form.current);
    // Everything the server checks, so one press shows every problem (contract's api.ts).
    const problems = validateSignupForm(values, code);
    // Committed before focus moves, so a screen reader reads the field with its message.
    flushSync(() => {
      setValidated(true);
      setErrors(problems);
      if (problems.referral_code) setRejectedInvite(params.id ?? null);
    });
    if (focusFirstOf(problems)) return;
    inFlight.current = true;
    setPending(true);
    prepareToasts();
    const request = toSignupRequest(values, code);
    const result = await api.post("/api/v1/auth/signup/", request);
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
      setRejectedInvite(params.id ?? null);
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
    if (validated) setErrors(validateSignupForm(readForm(form.current), params.id ?? ""));
  }

  /** The hint was tapped: its address goes in the field, as if typed there. */
  function acceptEmail(address: string) {
    const input = form.current?.elements.namedItem("email");
    if (!(input instanceof HTMLInputElement)) return;
    input.value = address;
    setEmailSuggestion(undefined);
    changed("email");
    input.focus();
  }

  /** A sign-up field: its label and message from the content, its input left to the browser. */
  const field = (
    name: SignupField,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ): FieldProps => ({
    label: joinPage.labels[name],
    error: errors[name] ?? refusals[name],
    hint: name === "password" ? joinPage.passwordHint : undefined,
    inputProps: {
      id: `${id}-${name}`,
      name,
      onChange: () => changed(name),
      ...attributes,
    },
  });

  return (
    <>
      <main id="main" className="join">
        <div className="join-card">
          <Logo />
          <h1>{joinPage.title}</h1>
          <p className="muted">{joinPage.subtitle}</p>
          {signedIn && (
            <p className="notice" role="status">
              {joinPage.signedIn.text(signedIn.email)}{" "}
              <StoreLink>{joinPage.signedIn.link}</StoreLink> {joinPage.signedIn.after}
            </p>
          )}
          {/* Posted by the browser itself if Continue is pressed before the script has loaded,
              to this page's own address (an invite link's included): the server answers with a
              page, this one again if it refuses, and the browser checks the required fields. */}
          <form
            ref={form}
            method="post"
            action={formAction("sign-up")}
            noValidate={hydrated}
            onSubmit={onSubmit}
            aria-busy={pending}
          >
            <input type="hidden" name="user_type" value="STUDENT" />
            <div className="field-row">
              <Field
                {...field("first_name", {
                  type: "text",
                  autoComplete: "given-name",
                  autoCapitalize: "words",
                  required: true,
                })}
              />
              <Field
                {...field("last_name", {
                  type: "text",
                  autoComplete: "family-name",
                  autoCapitalize: "words",
                  required: true,
                })}
              />
            </div>
            <Field
              {...field("email", {
                type: "email",
                autoComplete: "email",
                inputMode: "email",
                required: true,
                onInput: () => setEmailSuggestion(undefined),
                onBlur: (event) => setEmailSuggestion(suggestEmail(event.currentTarget.value)),
              })}
              after={<EmailTypoHint suggestion={emailSuggestion} onAccept={acceptEmail} />}
            />
            <Field
              {...field("password", {
                type: showPassword ? "text" : "password",
                autoComplete: "new-password",
                // Shown as text, the phone's keyboard must not capitalise or correct the password.
                autoCapitalize: "none",
                autoCorrect: "off",
                spellCheck: false,
                required: true,
              })}
              beside={{
                className: "password-row",
                children: (
                  <button
                    type="button"
                    className="icon-button password-toggle"
                    // It works only with the script: hidden until then, as the account pages' is.
                    hidden={!hydrated}
                    aria-pressed={showPassword}
                    aria-controls={`${id}-password`}
                    onClick={() => setShowPassword((shown) => !shown)}
                  >
                    <Icon name={showPassword ? "eyeStruck" : "eye"} />
                    <span className="visually-hidden">{joinPage.showPassword}</span>
                  </button>
                ),
              }}
            />
            <Field
              label={joinPage.invite.label}
              inputProps={{
                id: `${id}-invite`,
                name: "referral_code",
                value: inviteCode,
                readOnly: true,
                placeholder: joinPage.invite.placeholder,
                "aria-invalid": inviteRefused || undefined,
                "aria-describedby": inviteRefused ? joinSlots.inviteUnknown : undefined,
              }}
              hint={joinPage.invite.hint}
              after={
                // The server shows it by its id (join-page.ts), which must come first.
                <p
                  id={joinSlots.inviteUnknown}
                  ref={inviteNote}
                  className="field-error"
                  hidden={!inviteRefused}
                >
                  {joinPage.invite.unknown}
                </p>
              }
            />
            {/* Not disabled while pending: a disabled button would drop the keyboard focus. */}
            <button
              type="submit"
              className="button button-primary button-large join-submit"
              aria-disabled={pending || undefined}
            >
              {pending && <span className="spinner" aria-hidden="true" />}
              {joinPage.submit}
            </button>
            {/* The sign-up with no invite code, what was typed going with it; shown with the note
                (join-page.ts). After Continue, so Continue stays the button Enter presses. With
                no script its post sends referral_code twice, the field's then this empty one:
                the server reads the last. */}
            <button
              id={joinSlots.inviteWithout}
              ref={withoutInvite}
              type="submit"
              className="button button-secondary join-submit invite-without"
              formAction={withoutInviteAction}
              name="referral_code"
              value=""
              hidden={!inviteRefused}
            >
              {joinPage.invite.continueWithout}
            </button>
            <p className="visually-hidden" role="status">
              {pending ? joinPage.pending : ""}
            </p>
          </form>
          <Toasts />
          {/* Loaded as documents: Back then returns to this form as it was left, fields filled. */}
          <p className="fine-print">
            {consent.before}{" "}
            <Link to={consent.terms.to} reloadDocument>
              {consent.terms.label}
            </Link>{" "}
            {consent.and}{" "}
            <Link to={consent.privacy.to} reloadDocument>
              {consent.privacy.label}
            </Link>
            {consent.after}
          </p>
          <p className="fine-print">
            {joinPage.logIn.question} <StoreLink>{joinPage.logIn.link}</StoreLink>
          </p>
          <p className="fine-print">
            <Link to={joinPage.forgotPassword.to satisfies PagePath} reloadDocument>
              {joinPage.forgotPassword.label}
            </Link>
          </p>
        </div>
      </main>
      <ChatButton />
    </>
  );
}
