import { createHash } from "node:crypto";
import { basename } from "node:path";
import { build } from "esbuild";
import type { Plugin } from "vite";

const inlineQuery = "?inline-script";
const fileQuery = "?script-file";

/**
 * `import text from "./x.ts?inline-script"`: the module bundled with its imports and minified,
 * as a string for a page to carry in a script element of its own (scripts/home-page.ts): on a
 * slow line a file is one more round trip before the page can be used. A classic script, so
 * the bundle is an IIFE; `import.meta.env` is the build's, as Vite would have put it.
 *
 * `import url from "./x.ts?script-file"`: the same bundle as a file of the client build, named
 * by its hash (so cached for good, as Vite's assets are), and its address: for a script a page
 * fetches only once it is needed (scripts/email-typo-hints.ts, on an email field's focus),
 * after its load event, where a file costs no round trip before the page can be used.
 */
export function inlineScriptPlugin(): Plugin {
  let env: Record<string, unknown> = {};
  const bundle = async (entry: string) => {
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
    return {
      text: result.outputFiles[0]?.text.trim() ?? "",
      inputs: Object.keys(result.metafile.inputs),
    };
  };
  return {
    name: "ysp:inline-script",
    configResolved(config) {
      env = { ...config.env, SSR: false };
    },
    async load(id) {
      const query = [inlineQuery, fileQuery].find((one) => id.endsWith(one));
      if (!query) return null;
      const entry = id.slice(0, -query.length);
      const { text, inputs } = await bundle(entry);
      for (const input of inputs) this.addWatchFile(input);
      if (query === inlineQuery) return `export default ${JSON.stringify(text)};`;
      const hash = createHash("sha256").update(text).digest("base64url").slice(0, 8);
      const fileName = `assets/${basename(entry).replace(/\.ts$/, "")}-${hash}.js`;
      // The prerendering server build needs only the address; the client build writes the file.
      if (this.environment.config.consumer === "client")
        this.emitFile({ type: "asset", fileName, source: text });
      return `export default ${JSON.stringify(`/${fileName}`)};`;
    },
  };
}
