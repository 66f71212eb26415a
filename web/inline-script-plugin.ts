import { build } from "esbuild";
import type { Plugin } from "vite";

const query = "?inline-script";

/**
 * `import text from "./x.ts?inline-script"`: the module bundled with its imports and minified,
 * as a string for a page to carry in a script element of its own (scripts/home-page.ts): on a
 * slow line a file is one more round trip before the page can be used. A classic script, so
 * the bundle is an IIFE; `import.meta.env` is the build's, as Vite would have put it.
 */
export function inlineScriptPlugin(): Plugin {
  let env: Record<string, unknown> = {};
  return {
    name: "ysp:inline-script",
    configResolved(config) {
      env = { ...config.env, SSR: false };
    },
    async load(id) {
      if (!id.endsWith(query)) return null;
      const entry = id.slice(0, -query.length);
      const result = await build({
        entryPoints: [entry],
        bundle: true,
        minify: true,
        format: "iife",
        // Vite's own default target ("baseline-widely-available"), as the files it builds.
        target: ["chrome107", "edge107", "firefox104", "safari16"],
        define: { "import.meta.env": JSON.stringify(env) },
        write: false,
        metafile: true,
        logLevel: "silent",
      });
      for (const input of Object.keys(result.metafile.inputs)) this.addWatchFile(input);
      const text = result.outputFiles[0]?.text.trim() ?? "";
      return `export default ${JSON.stringify(text)};`;
    },
  };
}
