import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";
import { type Page, pages } from "./pages.ts";

const routeOf = ({ id, path, module }: Page) =>
  path === "/" ? index(module, { id }) : route(path.slice(1), module, { id });

export default [
  layout("routes/site-layout.tsx", pages.filter((page) => page.chrome).map(routeOf)),
  ...pages.filter((page) => !page.chrome).map(routeOf),
] satisfies RouteConfig;
