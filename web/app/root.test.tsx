import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { ErrorBoundary } from "./root.tsx";

describe("error boundary", () => {
  it("says 'Unexpected Application Error' and links home", () => {
    const router = createMemoryRouter([{ path: "/", element: <ErrorBoundary /> }]);
    const html = renderToStaticMarkup(<RouterProvider router={router} />);
    expect(html).toContain("<h1>Unexpected Application Error</h1>");
    expect(html).toMatch(/<a[^>]+href="\/"/);
  });
});
