import type { Config } from "@react-router/dev/config";
import { prerenderedPaths } from "./app/prerendered-paths.ts";

export default {
  ssr: false,
  prerender: [...prerenderedPaths],
} satisfies Config;
