import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import { useDocumentTitle } from '../../routing/use-document-title';

/** One information page: a heading, an optional lead and its sections, with links to the other help pages. */
export function LegalPage({ title, lead, children }: { title: string; lead?: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <main className="fb-container legal-page">
      <article>
        <h1>{title}</h1>
        {lead && <p className="legal-page__lead">{lead}</p>}
        {children}
      </article>
      <nav aria-label="Hjælp og information" className="legal-page__nav">
        <Link to="/help">Hjælp</Link> · <Link to="/faq">Ofte stillede spørgsmål</Link> · <Link to="/terms">Handelsbetingelser</Link> ·{' '}
        <Link to="/privacy">Privatlivspolitik</Link> · <Link to="/cookies">Cookie-information</Link> · <Link to="/contact">Kontakt</Link>
      </nav>
    </main>
  );
}

export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section>
      <h2>{title}</h2>
      {children}
    </section>
  );
}
