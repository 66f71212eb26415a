import { Link } from "react-router";
import { logoLabel } from "~/content/navigation.ts";
import { site } from "~/content/site.ts";
import { LogoMark } from "./icons.tsx";

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={logoLabel}>
      <LogoMark />
      <span>{site.name}</span>
    </Link>
  );
}
