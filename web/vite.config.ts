import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";
import { pages } from "./app/pages.ts";
import { inlineScriptPlugin } from "./inline-script-plugin.ts";

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

/** The root and the layout: their code runs on every page with scripts (the layout: with a header). */
const framesEveryPage = (entry: string) =>
  /\/app\/(root|routes\/site-layout)\.tsx$/.test(entry.replaceAll("\\", "/").split("?")[0] ?? "");

/** A route module's file name without its extension: "join" for app/routes/join.tsx. */
const pageName = (entry: string) =>
  (entry.replaceAll("\\", "/").split("?")[0] ?? "").replace(/^.*\/|\.tsx$/g, "");

/** React Router names a route's client entry by its module's path and a query. */
const hydrates = (entry: string) => {
  const [path = entry] = entry.replaceAll("\\", "/").split("?");
  return hydratingEntries.some((module) => path.endsWith(`/app/${module}`));
};

export default defineConfig({
  plugins: [reactRouter(), inlineScriptPlugin()],
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
            // Our code that two entries that load scripts share (the contract's zod-free email
            // check: the layout and sign-up), or that the root or the layout uses, which every
            // page with scripts (with a header) loads anyway. Pages without scripts do not count:
            // code they share with one hydrated page goes with that page. Counted, the sign-up
            // contract that the account pages also import put 5.4 KB brotli on /, which never
            // runs it; left with /join it costs that page one more file (+1.9 KB).
            {
              // The name is chosen per module, so the bundler asks for a label of its own.
              debugName: "shared",
              name: (id, graph) => {
                const loaded = entriesImporting(id, graph).filter(hydrates);
                if (loaded.length >= 2 || loaded.some(framesEveryPage)) return "shared";
                // Code one hydrated page alone runs goes with it, in one file, whatever pages
                // without scripts also import it: left to the bundler, /join's share with
                // those pages came as eight files of 30 to 1,600 bytes, 0.5 KB more with brotli.
                const [only] = loaded;
                return only ? `${pageName(only)}-code` : null;
              },
              test: /(web[\\/]app|[\\/]contract)[\\/]/,
            },
          ],
        },
      },
    },
  },
});
