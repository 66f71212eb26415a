import {
  type FieldErrors,
  isApiErrorBody,
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
import { Link, useNavigate } from "react-router";
import { ChatButton } from "~/components/chat-button.tsx";
import { Field, type FieldProps } from "~/components/field.tsx";
import { Icon } from "~/components/icons.tsx";
import { InviteCodeScript } from "~/components/inline-scripts.tsx";
import { Logo } from "~/components/logo.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { joinPage } from "~/content/join.ts";
import { api, apiBaseUrl } from "~/lib/api.ts";
import { pageMeta } from "~/lib/seo.ts";
import { noteSignedUp, takeSignedUpNote } from "~/lib/signed-up-note.ts";
import { prepareToasts, showToast } from "~/lib/toasts.ts";
import { useHydrated } from "~/lib/use-hydrated.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import type { Route } from "./+types/join";

export function meta() {
  return pageMeta({
    ...joinPage.meta,
    path: "/join",
  });
}

const fieldOrder: readonly SignupField[] = ["first_name", "last_name", "email", "password"];
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

/** docs/spec.md §8: the server's message with a thumbs-up, then how to go on. */
function showSignedUp(message: string) {
  void showToast("success", `${message} 👍`);
  void showToast("success", signupFollowUp);
}

export default function Join({ params }: Route.ComponentProps) {
  const id = useId();
  const navigate = useNavigate();
  // The HTML is prerendered once for every invite code, so the code appears after hydration.
  const hydrated = useHydrated();
  const inviteCode = hydrated ? (params.id ?? "") : "";
  const [errors, setErrors] = useState<FieldErrors>({});
  const [validated, setValidated] = useState(false);
  const [pending, setPending] = useState(false);
  const [showPassword, setShowPassword] = useState(false);
  // The invite code cannot be edited, so a rejected one needs a way on without it.
  const [rejectedInvite, setRejectedInvite] = useState<string | null>(null);
  const inFlight = useRef(false);
  const form = useRef<HTMLFormElement>(null);
  const signedIn = useSignedInUser();

  // Back here after a sign-up because the way home failed: the account was made, so say so.
  useEffect(() => {
    const message = takeSignedUpNote();
    if (message) showSignedUp(message);
  }, []);

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (inFlight.current) return;
    const values = readForm(form.current);
    const problems = validateSignupForm(values);
    // Committed before focus moves, so a screen reader reads the field with its message.
    flushSync(() => {
      setValidated(true);
      setErrors(problems);
    });
    const firstInvalid = fieldOrder.find((field) => problems[field]);
    if (firstInvalid) {
      form.current?.querySelector<HTMLInputElement>(`[name="${firstInvalid}"]`)?.focus();
      return;
    }
    inFlight.current = true;
    setPending(true);
    prepareToasts();
    const result = await api.post("/api/v1/auth/signup/", toSignupRequest(values, params.id ?? ""));
    inFlight.current = false;
    setPending(false);
    if (!result.ok) {
      if (!result.sessionExpired) void showToast("error", result.message);
      if (isApiErrorBody(result.body) && result.body.errors[0]?.attr === "referral_code")
        setRejectedInvite(params.id ?? null);
      return;
    }
    showSignedUp(result.data.message);
    noteSignedUp(result.data.message);
    navigate("/");
  }

  /** A sign-up field: its label and message from the content, its input left to the browser. */
  const field = (
    name: SignupField,
    attributes: InputHTMLAttributes<HTMLInputElement>,
  ): FieldProps => ({
    label: joinPage.labels[name],
    error: errors[name],
    inputProps: {
      id: `${id}-${name}`,
      name,
      onChange: () => {
        if (validated) setErrors(validateSignupForm(readForm(form.current)));
      },
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
          {/* Posted by the browser itself if Continue is pressed before the script has loaded:
              the server then answers with a page, and the browser checks the required fields. */}
          <form
            ref={form}
            method="post"
            action={`${apiBaseUrl}/api/v1/auth/signup/`}
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
              })}
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
              }}
              hint={joinPage.invite.hint}
              after={
                <>
                  <InviteCodeScript />
                  {rejectedInvite === params.id && (
                    <p className="field-error">
                      {joinPage.invite.rejected}{" "}
                      <Link to="/join" replace>
                        {joinPage.invite.continueWithout}
                      </Link>
                    </p>
                  )}
                </>
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
            <p className="visually-hidden" role="status">
              {pending ? joinPage.pending : ""}
            </p>
          </form>
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
            <Link to={joinPage.forgotPassword.to} reloadDocument>
              {joinPage.forgotPassword.label}
            </Link>
          </p>
        </div>
      </main>
      <ChatButton />
    </>
  );
}
