import { headerNav, headerText } from "@ysp/content/header";
import { useEffect } from "react";
import { useLocation } from "react-router";
import { Icon } from "./icons.tsx";
import { Logo } from "./logo.tsx";
import { NavItemLink } from "./nav-link.tsx";
import { StoreLink } from "./store-link.tsx";

export function Header() {
  return (
    <header className="site-header">
      <div className="container header-inner">
        <Logo />
        <nav aria-label={headerText.mainNav} className="main-nav">
          <ul>
            {headerNav.map((item) => (
              <li key={item.label}>
                <NavItemLink item={item} />
              </li>
            ))}
          </ul>
        </nav>
        <StoreLink className="button button-primary header-signup">{headerText.signUp}</StoreLink>
        <MobileMenu />
      </div>
    </header>
  );
}

const menuId = "mobile-menu";

/** Invoker commands open and close the dialog with no script; React's types do not know them yet. */
const command = (name: "show-modal" | "close") =>
  ({ commandfor: menuId, command: name }) as Record<string, string>;

/**
 * A modal dialog opened by an invoker command, so it works on pages that
 * ship no JavaScript: the browser moves focus into it, keeps it there,
 * closes it on Esc or a click outside, and gives focus back.
 */
function MobileMenu() {
  const { pathname } = useLocation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: closing is the reaction to a change of page
  useEffect(() => {
    (document.getElementById(menuId) as HTMLDialogElement | null)?.close();
  }, [pathname]);

  return (
    <>
      <button
        type="button"
        className="menu-button"
        aria-haspopup="dialog"
        {...command("show-modal")}
      >
        <Icon name="menu" />
        <span className="visually-hidden">{headerText.openMenu}</span>
      </button>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: following a link is already keyboard-operable */}
      <dialog
        id={menuId}
        className="mobile-menu"
        aria-label={headerText.menu}
        closedby="any"
        onClick={(event) => {
          if ((event.target as Element).closest("a")) event.currentTarget.close();
        }}
      >
        <div className="mobile-menu-panel">
          <div className="mobile-menu-top">
            <span className="mobile-menu-title">{headerText.menu}</span>
            <button type="button" className="icon-button" {...command("close")}>
              <Icon name="close" />
              <span className="visually-hidden">{headerText.closeMenu}</span>
            </button>
          </div>
          <nav aria-label={headerText.mobileNav}>
            <ul>
              {headerNav.map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} />
                </li>
              ))}
              <li>
                <StoreLink className="button button-primary">{headerText.menuSignUp}</StoreLink>
              </li>
            </ul>
          </nav>
        </div>
      </dialog>
    </>
  );
}
