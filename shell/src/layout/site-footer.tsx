import { Link } from 'react-router-dom';
import { useSession } from '@fragtbud/web';
import { serviceLinkFor } from './navigation';
import { useSiteInfo } from './site-info';
import { BrandLogo } from './brand-logo';
import './site-footer.css';

/** The spec's 'delivery' is the product's package type ('Palle og pakker'): the footer calls it Levering. */
const SERVICE_LINKS = [
  { type: 'moving', label: 'Flytning' },
  { type: 'package', label: 'Levering' },
  { type: 'furniture', label: 'Møbeltransport' },
  { type: 'fullload', label: 'Fulloads' },
  { type: 'courier', label: 'Kurertransport' },
] as const;

const COMPANY_LINKS = [
  { to: '/about', label: 'Om os' },
  { to: '/how-it-works', label: 'Sådan virker det' },
  { to: '/safety', label: 'Tryghed og sikkerhed' },
  { to: '/contact', label: 'Kontakt' },
] as const;

const HELP_LINKS = [
  { to: '/help', label: 'Hjælp' },
  { to: '/faq', label: 'Ofte stillede spørgsmål' },
  { to: '/terms', label: 'Handelsbetingelser' },
  { to: '/privacy', label: 'Privatlivspolitik' },
  { to: '/cookies', label: 'Cookie-information' },
] as const;

const SOCIAL_LINKS = [
  { href: 'https://www.facebook.com/fragtbud', label: 'Facebook' },
  { href: 'https://www.instagram.com/fragtbud', label: 'Instagram' },
  { href: 'https://www.linkedin.com/company/fragtbud', label: 'LinkedIn' },
] as const;

const PAYMENT_METHODS = ['MobilePay', 'Visa', 'Mastercard'] as const;

export function SiteFooter() {
  const site = useSiteInfo();
  const role = useSession((state) => state.user?.role ?? null);
  const company = [site.companyName, site.cvr ? `CVR-nr. ${site.cvr}` : null, site.address].filter(Boolean).join(' · ');
  return (
    <footer className="site-footer">
      <div className="fb-container site-footer__grid">
        <div className="site-footer__about">
          <BrandLogo />
          <p>
            Fragtbud samler flytte- og fragtopgaver ét sted. Opret din opgave gratis, og få tilbud fra professionelle
            vognmænd i hele Danmark.
          </p>
          <ul className="site-footer__social" aria-label="Sociale medier">
            {SOCIAL_LINKS.map((link) => (
              <li key={link.label}>
                <a href={link.href} target="_blank" rel="noopener noreferrer">
                  {link.label}
                </a>
              </li>
            ))}
          </ul>
        </div>
        <nav aria-label="Tjenester" className="site-footer__column">
          <h2 className="site-footer__heading">Tjenester</h2>
          <ul>
            {SERVICE_LINKS.map((link) => (
              <li key={link.type}>
                <Link to={serviceLinkFor(link.type, role)}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Om Fragtbud" className="site-footer__column">
          <h2 className="site-footer__heading">Om Fragtbud</h2>
          <ul>
            {COMPANY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
        <nav aria-label="Hjælp og vilkår" className="site-footer__column">
          <h2 className="site-footer__heading">Hjælp og vilkår</h2>
          <ul>
            {HELP_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={link.to}>{link.label}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
      <div className="fb-container site-footer__bottom">
        <p className="site-footer__copyright">
          © {new Date().getFullYear()} {site.companyName}. Alle rettigheder forbeholdes.
        </p>
        <p className="site-footer__company">{company}</p>
        <div className="site-footer__payments">
          <span className="site-footer__payments-label">Betal sikkert med</span>
          <ul aria-label="Betalingsmetoder">
            {PAYMENT_METHODS.map((method) => (
              <li key={method} className="payment-label">
                {method}
              </li>
            ))}
          </ul>
        </div>
      </div>
    </footer>
  );
}
