import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { pages } from "./app/pages.ts";

/**
 * The client build's entries whose code a browser runs: the root, the layout of the pages with a
 * header and footer, and the pages that hydrate. The other pages' route modules are built too, but
 * their HTML loads no script, so what they share among themselves is nobody's download.
 */
const hydratingEntries = [
  "root.tsx",
  ...(pages.some((page) => page.hydrates && page.chrome) ? ["routes/site-layout.tsx"] : []),
  ...pages.filter((page) => page.hydrates).map((page) => page.module),
];

type ModuleGraph = {
  getModuleInfo(id: string): { isEntry: boolean; importers: readonly string[] } | null;
};

/** The entries (route modules) that import a module, directly or through others. */
function entriesImporting(id: string, graph: ModuleGraph, seen = new Set<string>()): string[] {
  if (seen.has(id)) return [];
  seen.add(id);
  const info = graph.getModuleInfo(id);
  if (!info) return [];
  const above = info.importers.flatMap((importer) => entriesImporting(importer, graph, seen));
  return info.isEntry ? [id, ...above] : above;
}

/** React Router names a route's client entry by its module's path and a query. */
const hydrates = (entry: string) => {
  const [path = entry] = entry.replaceAll("\\", "/").split("?");
  return hydratingEntries.some((module) => path.endsWith(`/app/${module}`));
};

export default defineConfig({
  plugins: [reactRouter()],
  // The server build only prerenders the pages, but the inline scripts every page carries are
  // its functions' own source text (components/inline-scripts.tsx): minified, that text is as
  // short as hand-written script.
  environments: { ssr: { build: { minify: true } } },
  build: {
    assetsInlineLimit: 0,
    rolldownOptions: {
      output: {
        // Few, larger files: on a slow mobile link each extra request costs a
        // round trip, more than the few bytes a page may load without using.
        codeSplitting: {
          groups: [
            // React and React Router, which every hydrated page runs. Other libraries stay with
            // the code that uses them: validation with the sign-up page, toasts loaded on first use.
            {
              name: "framework",
              test: /node_modules[\\/](react|react-dom|react-router|@react-router|scheduler)[\\/]/,
            },
            // Our code that two entries share (the contract's zod-free email check: the layout and
            // sign-up), as long as a page that loads scripts uses it. Code only pages without
            // scripts share (the legal page's frame and text blocks) stays out: counted as shared,
            // it cost / and /join 280 B brotli each of code they never ran.
            {
              name: (id, graph) => {
                const entries = entriesImporting(id, graph);
                return entries.length >= 2 && entries.some(hydrates) ? "shared" : null;
              },
              test: /(web[\\/]app|[\\/]contract)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
