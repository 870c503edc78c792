import { useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { EmptyState, ErrorState, Field, formatDateTime, isApiError, PageHeader, Spinner } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { useDevMail } from './api/list-dev-mail';

/** /dev/mail: the development mailbox (MAIL_TRANSPORT=dev); the server answers 404 anywhere else. */
export function DevMailPage() {
  useDocumentTitle('Udviklingspost');
  const [searchParams, setSearchParams] = useSearchParams();
  const to = searchParams.get('to') ?? '';
  const [draft, setDraft] = useState(to);
  const mails = useDevMail(to);
  const unavailable = isApiError(mails.error) && mails.error.status === 404;

  return (
    <div className="fb-container page">
      <PageHeader title="Udviklingspost" lead="Mails, som systemet har sendt i udviklingstilstand (MAIL_TRANSPORT=dev). De forlader aldrig maskinen." />
      <form
        className="fb-stack"
        onSubmit={(event) => {
          event.preventDefault();
          setSearchParams(draft.trim() ? { to: draft.trim() } : {});
        }}
        aria-label="Filtrér på modtager"
      >
        <Field label="Modtager" name="to" type="email" value={draft} onChange={(event) => setDraft(event.target.value)} />
      </form>
      {mails.isFetching && !mails.data ? (
        <Spinner />
      ) : unavailable ? (
        <EmptyState title="Udviklingsposten er slået fra her." />
      ) : mails.error ? (
        <ErrorState message={isApiError(mails.error) ? mails.error.message : 'Noget gik galt'} onRetry={() => void mails.refetch()} />
      ) : mails.data?.items.length ? (
        <ul className="fb-stack" aria-label="Mails">
          {mails.data.items.map((mail) => (
            <li key={`${mail.created_at}-${mail.to}-${mail.subject}`} className="fb-card">
              <h2>{mail.subject}</h2>
              <p className="fb-muted">
                Til {mail.to} · {formatDateTime(mail.created_at)}
              </p>
              <pre style={{ whiteSpace: 'pre-wrap' }}>{linkify(mail.text)}</pre>
            </li>
          ))}
        </ul>
      ) : (
        <EmptyState title="Ingen mails endnu." />
      )}
    </div>
  );
}

/** Links in the text become clickable (the reset and verification links of the flows). */
function linkify(text: string) {
  return text.split(/(https?:\/\/\S+)/g).map((part, index) =>
    /^https?:\/\//.test(part) ? (
      <a key={index} href={part}>
        {part}
      </a>
    ) : (
      part
    ),
  );
}
