import type { Config } from "@react-router/dev/config";
import { pages } from "./app/pages.ts";

export default {
  ssr: false,
  prerender: pages.map((page) => page.builtAt),
} satisfies Config;
