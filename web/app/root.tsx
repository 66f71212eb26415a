import { unexpectedErrorPage } from "@ysp/content/error-pages";
import { skipLinkLabel } from "@ysp/content/navigation";
import { site } from "@ysp/content/site";
import { type ReactNode, useContext, useEffect } from "react";
import {
  UNSAFE_FrameworkContext as FrameworkContext,
  isRouteErrorResponse,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useRouteError,
} from "react-router";
import { ChatButton } from "./components/chat-button.tsx";
import { InlineScripts } from "./components/inline-scripts.tsx";
import { NavigationProgress } from "./components/navigation-progress.tsx";
import { ToastHost } from "./components/toast-host.tsx";
import { useFocusOnNavigation } from "./lib/use-focus-on-navigation.ts";
import { useHydrated } from "./lib/use-hydrated.ts";
import { isStaticPage } from "./pages.ts";
import { inlineCss } from "./styles/inline-css.ts";

export function Layout({ children }: { children: ReactNode }) {
  // At build time the page's entry in pages.ts decides. The browser runs this only on pages that
  // hydrate, and a later move to a page that ships no JavaScript keeps the router's scripts in place;
  // Vite drops the check and the page list from the browser bundle. The build's SPA fallback,
  // rendered at "/" with root alone in mind, must carry the scripts whatever "/" is (nobody is
  // served it: the server answers unknown paths with the not-found page).
  const matches = useMatches();
  const spaFallback = useContext(FrameworkContext)?.isSpaMode ?? false;
  const hydrate =
    !import.meta.env.SSR || spaFallback || !matches.some((match) => isStaticPage(match.id));
  return (
    <html lang={site.language}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#0b4f9c" />
        <link rel="icon" href="/favicon.svg" type="image/svg+xml" />
        <link rel="manifest" href="/manifest.webmanifest" />
        {/* The stylesheet is inlined so the first paint waits on no request;
            the browser bundle carries an empty string in its place. */}
        {/* biome-ignore lint/security/noDangerouslySetInnerHtml: our own stylesheet, from the build */}
        <style dangerouslySetInnerHTML={{ __html: inlineCss }} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body>
        <a className="skip-link" href="#main">
          {skipLinkLabel}
        </a>
        {children}
        <InlineScripts />
        {hydrate && (
          <>
            <ToastHost />
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

export default function App() {
  // Marks the document once React is in charge and has drawn what only the browser knows (the
  // password's eye on /join): the render after hydration, not hydration itself, or a test that
  // waits for the mark could see the page a render early.
  const hydrated = useHydrated();
  useEffect(() => {
    if (hydrated) document.documentElement.dataset.hydrated = "";
  }, [hydrated]);
  useFocusOnNavigation();
  return (
    <>
      <NavigationProgress />
      <Outlet />
    </>
  );
}

/**
 * What went wrong, for whoever runs `npm run dev`. A production build leaves it out: students
 * get the apology, never a stack that means nothing to them and tells strangers about the code.
 */
function DevelopmentError() {
  const error = useRouteError();
  if (isRouteErrorResponse(error)) return <p>{`${error.status} ${error.statusText}`}</p>;
  if (!(error instanceof Error)) return null;
  return (
    <>
      <p>{error.message}</p>
      {/* Styled here, not in the stylesheet every page inlines: production never shows it. */}
      <pre style={{ maxWidth: "100%", overflowX: "auto", textAlign: "left" }}>
        <code>{error.stack}</code>
      </pre>
    </>
  );
}

export function ErrorBoundary() {
  return (
    <>
      <main id="main" className="error-page">
        <h1>{unexpectedErrorPage.title}</h1>
        <p>{unexpectedErrorPage.text}</p>
        {import.meta.env.DEV && <DevelopmentError />}
        <Link className="button button-primary" to="/">
          {unexpectedErrorPage.homeLink}
        </Link>
      </main>
      <ChatButton />
    </>
  );
}
