import { footerGroups, footerText, socialLinks } from "@ysp/content/footer";
import { displayPhone, site } from "@ysp/content/site";
import { ExternalLink } from "./external-link.tsx";
import { Logo } from "./logo.tsx";
import { NavItemLink } from "./nav-link.tsx";
import { NewsletterForm } from "./newsletter-form.tsx";

export function Footer() {
  return (
    <footer className="site-footer">
      <div className="container footer-grid">
        <section aria-labelledby="footer-contact">
          <Logo />
          <h2 id="footer-contact" className="visually-hidden">
            {footerText.contactHeading}
          </h2>
          <address>
            {site.address.street}
            <br />
            {site.address.city}, {site.address.country}
            <br />
            <a href={`tel:${site.phone}`}>{displayPhone(site.phone)}</a>
            <br />
            <a href={`mailto:${site.email}`}>{site.email}</a>
          </address>
        </section>
        {footerGroups.map((group) => (
          <nav key={group.title} aria-labelledby={`footer-${group.title.toLowerCase()}`}>
            <h2 id={`footer-${group.title.toLowerCase()}`}>{group.title}</h2>
            <ul>
              {group.items.map((item) => (
                <li key={item.label}>
                  <NavItemLink item={item} />
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-news">
          <h2 id="footer-news">{footerText.newsletterHeading}</h2>
          <NewsletterForm />
          <ul className="social-links">
            {socialLinks.map((link) => (
              <li key={link.label}>
                <ExternalLink href={link.href}>{link.label}</ExternalLink>
              </li>
            ))}
          </ul>
        </section>
      </div>
      <p className="container copyright">{footerText.copyright(new Date().getFullYear())}</p>
    </footer>
  );
}
