import { index, layout, type RouteConfig, route } from "@react-router/dev/routes";

export default [
  layout("routes/site-layout.tsx", [
    index("routes/home.tsx", { id: "home" }),
    route("login", "routes/home.tsx", { id: "login" }),
    route("about-us", "routes/about-us.tsx"),
    route("faqs", "routes/faqs.tsx"),
    route("terms-of-service", "routes/terms-of-service.tsx"),
    route("privacy-policy", "routes/privacy-policy.tsx"),
  ]),
  route("join/:id?", "routes/join.tsx"),
  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
