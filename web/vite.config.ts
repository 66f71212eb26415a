import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

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
            // The contract's zod-free rules (the email check) are shared by the layout and sign-up.
            { name: "shared", test: /(web[\\/]app|[\\/]contract)[\\/]/, minShareCount: 2 },
          ],
        },
      },
    },
  },
});
