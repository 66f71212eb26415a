import { existsSync } from "node:fs";
import { matchRoutes, type RouteObject } from "react-router";
import { describe, expect, it } from "vitest";
import { notFoundPage, pages } from "./pages.ts";
import routes from "./routes.ts";

/** The id of the route React Router renders for a URL, by the route config built from the manifest. */
const routeAt = (url: string) => matchRoutes(routes as RouteObject[], url)?.at(-1)?.route.id;

describe("the page manifest", () => {
  it.each(pages)("routes $id's own URLs to it: $builtAt", (page) => {
    if (page !== notFoundPage) expect(routeAt(page.builtAt)).toBe(page.id);
    if ("example" in page) expect(routeAt(page.example)).toBe(page.id);
  });

  it("renders the not-found page at a path no other page owns", () => {
    expect(routeAt(notFoundPage.builtAt)).toBe(notFoundPage.id);
  });

  it("names each page, path and built file once, and each module exists", () => {
    for (const key of ["id", "path", "builtAt"] as const)
      expect(new Set(pages.map((page) => page[key])).size, key).toBe(pages.length);
    for (const page of pages)
      expect(existsSync(new URL(page.module, import.meta.url)), page.module).toBe(true);
  });
});
