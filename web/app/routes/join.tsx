import { joinPage } from "@ysp/content/join";
import { useId } from "react";
import { Link } from "react-router";
import { ChatButton } from "~/components/chat-button.tsx";
import { GoogleSignIn } from "~/components/google-sign-in.tsx";
import { Logo } from "~/components/logo.tsx";
import { SignupForm } from "~/components/signup-form.tsx";
import { StoreLink } from "~/components/store-link.tsx";
import { Toasts } from "~/components/toast-host.tsx";
import { pageMeta } from "~/lib/seo.ts";
import { useSignedInUser } from "~/lib/use-signed-in-user.ts";
import type { PagePath } from "~/pages.ts";
import type { Route } from "./+types/join";

export function meta() {
  return pageMeta({
    ...joinPage.meta,
    path: "/join",
  });
}

const { consent } = joinPage;

export default function Join({ params }: Route.ComponentProps) {
  const id = useId();
  const signedIn = useSignedInUser();
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
          {/* Above both ways to sign up, since either agrees to it. The links load as documents:
              Back then returns to this form as it was left, fields filled. */}
          <p className="fine-print join-consent">
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
          <GoogleSignIn linkCode={params.id} />
          <SignupForm id={id} linkCode={params.id} />
          <Toasts />
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
