import { Link } from "react-router";
import { logoLabel } from "~/content/navigation.ts";
import { site } from "~/content/site.ts";

export function Logo() {
  return (
    <Link to="/" className="logo" aria-label={logoLabel}>
      <svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <rect width="32" height="32" rx="8" fill="#0b4f9c" />
        <path d="M8 9h4l4 6 4-6h4l-6 9v6h-4v-6z" fill="#ffc233" />
      </svg>
      <span>{site.name}</span>
    </Link>
  );
}
