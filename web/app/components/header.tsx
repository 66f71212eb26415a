import { useEffect, useRef, useState } from "react";
import { useLocation } from "react-router";
import { headerNav } from "~/content/navigation.ts";
import { Logo } from "./logo.tsx";
import { NavItemLink } from "./nav-link.tsx";
import { StoreLink } from "./store-link.tsx";

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Logo />
        <nav aria-label="Main" className="main-nav">
          <ul>
            {headerNav.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <StoreLink className="button button-primary header-signup">Sign up</StoreLink>
        <MobileMenu />
      </div>
    </header>
  );
}

/** A modal dialog: the browser moves focus into it, traps it, closes it on Esc and restores focus. */
function MobileMenu() {
  const dialog = useRef<HTMLDialogElement>(null);
  const [open, setOpen] = useState(false);
  const { pathname } = useLocation();

  useEffect(() => {
    const node = dialog.current;
    if (!node) return;
    if (open && !node.open) node.showModal();
    if (!open && node.open) node.close();
  }, [open]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a change of page
  useEffect(() => setOpen(false), [pathname]);

  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        aria-expanded={open}
        onClick={() => setOpen(true)}
      >
        <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
          <path
            d="M3 6h18M3 12h18M3 18h18"
            stroke="currentColor"
            strokeWidth="2"
            strokeLinecap="round"
          />
        </svg>
        <span className="visually-hidden">Open menu</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: a click on the backdrop has no keyboard twin; Esc closes natively */}
      <dialog
        ref={dialog}
        className="mobile-menu"
        aria-label="Menu"
        onClose={() => setOpen(false)}
        onClick={(event) => {
          const onBackdrop = event.target === event.currentTarget;
          const followedLink = (event.target as Element).closest("a") !== null;
          if (onBackdrop || followedLink) setOpen(false);
        }}
      >
        <div className="mobile-menu-panel">
          <div className="mobile-menu-top">
            <span className="mobile-menu-title">Menu</span>
            <button type="button" className="icon-button" onClick={() => setOpen(false)}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
              <span className="visually-hidden">Close menu</span>
            </button>
          </div>
          <nav aria-label="Mobile">
            <ul>
              {headerNav.map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} />
                </li>
              ))}
              <li>
                <StoreLink className="button button-primary">Sign Up</StoreLink>
              </li>
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}
