import { EmptyState } from '@fragtbud/web';

/** An honest placeholder for a tab that a later issue fills: no invented numbers. */
export function ComingLaterPanel({ title, text }: { title: string; text: string }) {
  return (
    <section aria-labelledby="coming-later-title">
      <h2 id="coming-later-title" className="admin-panel__title">
        {title}
      </h2>
      <EmptyState title="Kommer snart" message={text} />
    </section>
  );
}
