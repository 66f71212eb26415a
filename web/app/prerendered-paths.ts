import { notFoundPage, pages } from "./pages.ts";

/** The paths the server reads from the build, until it reads the build's own list of them. */
export const notFoundPath = notFoundPage.builtAt;

export const prerenderedPaths = pages.map((page) => page.builtAt);
