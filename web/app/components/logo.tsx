import { logoLabel } from "@ysp/content/navigation";
import { site } from "@ysp/content/site";
import { Link } from "react-router";
import { LogoMark } from "./icons.tsx";

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={logoLabel}>
      <LogoMark />
      <span>{site.name}</span>
    </Link>
  );
}
