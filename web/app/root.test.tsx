import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { afterEach, describe, expect, it, vi } from "vitest";
import { ErrorBoundary } from "./root.tsx";

/** The boundary as the router shows it after a route failed with `error`. */
function renderFailure(error: unknown): string {
  const router = createMemoryRouter(
    [{ id: "root", path: "/", element: null, errorElement: <ErrorBoundary /> }],
    { hydrationData: { errors: { root: error } } },
  );
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

describe("error boundary", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it("says 'Unexpected Application Error' and links home", () => {
    const router = createMemoryRouter([{ path: "/", element: <ErrorBoundary /> }]);
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toContain("<h1>Unexpected Application Error</h1>");
    expect(html).toMatch(/<a[^>]+href="\/"/);
  });

  it("in development, shows the error's message and its stack", () => {
    vi.stubEnv("DEV", true);
    const html = renderFailure(new Error("the lessons table is missing"));
    expect(html).toContain("<h1>Unexpected Application Error</h1>");
    expect(html).toContain("<p>Something went wrong on our side. Please try again.</p>");
    expect(html).toContain("<p>the lessons table is missing</p>");
    expect(html).toMatch(/<pre[^>]*><code>Error: the lessons table is missing\n\s+at /);
  });

  it("in production, shows the apology only", () => {
    vi.stubEnv("DEV", false);
    const html = renderFailure(new Error("the lessons table is missing"));
    expect(html).toContain("<p>Something went wrong on our side. Please try again.</p>");
    expect(html).not.toContain("lessons table");
    expect(html).not.toContain("<pre");
  });
});
