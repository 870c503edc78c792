import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { PageHeader } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import './legal-page.css';

/**
 * One information page: a heading, an optional lead and its sections, with links to the other help pages. In the
 * page frame every page uses (space under the header, side margins on a phone); the layout already holds the page's
 * one `main`.
 */
export function LegalPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <div className="fb-container page legal-page">
      <PageHeader title={title} lead={lead} />
      <article className="fb-card legal-page__body">{children}</article>
      <nav aria-label="Hjælp og information" className="legal-page__nav">
        <Link to="/help">Hjælp</Link> · <Link to="/faq">Ofte stillede spørgsmål</Link> · <Link to="/terms">Handelsbetingelser</Link> ·{' '}
        <Link to="/privacy">Privatlivspolitik</Link> · <Link to="/cookies">Cookie-information</Link> · <Link to="/contact">Kontakt</Link>
      </nav>
    </div>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="legal-page__section">
      <h2>{title}</h2>
      {children}
    </section>
  );
}
