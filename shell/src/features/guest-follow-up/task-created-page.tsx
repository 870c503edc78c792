import { useState } from 'react';
import { Link, useLocation, useParams, useSearchParams } from 'react-router-dom';
import { Button, guestTaskPathFor, loginPathFor, registerPathFor } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import './guest-follow-up.css';

export const LINK_MAILED = 'Vi har sendt et link til din e-mail';
export const KEEP_LINK_TITLE = 'Gem linket til din opgave';
export const KEEP_LINK =
  'Du har ikke givet os din e-mail, så vi kan ikke sende dig linket. Gem det nu – uden linket kan du ikke finde opgaven igen.';
export const LINK_COPIED = 'Linket er kopieret';

/** A token as the create answer gives it (base64url); anything else is not offered as a link. */
const accessOf = (value: string | null) => (value && /^[A-Za-z0-9_-]{20,200}$/.test(value) ? value : null);

/**
 * /task-created/{id}: where a guest lands after posting (mail=1 when a contact e-mail was given, access= the private
 * link's token): the task number, what happens next and how to follow the task. Nothing here is fetched: a guest has
 * no session to read the task with. A guest who gave no e-mail gets the private link to keep, with a copy button.
 */
export function TaskCreatedPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const mailed = searchParams.get('mail') === '1';
  const valid = /^\d{1,15}$/.test(id);
  const access = valid ? accessOf(searchParams.get('access')) : null;
  const taskPath = access ? guestTaskPathFor(id, access) : null;
  const email = (location.state as { email?: unknown } | null)?.email;
  useDocumentTitle('Opgaven er oprettet');

  return (
    <div className="fb-container page guest-task">
      <div className="fb-card guest-task__section task-created">
        <h1 className="guest-task__title">Tak! Din opgave er oprettet</h1>
        {valid && (
          <p>
            Opgavenummer: <strong>#{id}</strong>
          </p>
        )}
        {!mailed && taskPath && <KeepLink taskPath={taskPath} />}
        <h2>Hvad sker der nu?</h2>
        <ol className="task-created__steps">
          <li>Opgaven er nu synlig for vognmændene, som kan give bud på den.</li>
          <li>Du ser buddene med den samlede pris inkl. moms og gebyrer.</li>
          <li>Når du har valgt et bud og betalt, henter vognmanden varerne som aftalt.</li>
        </ol>
        {mailed ? (
          <div className="guest-task__next fb-card" role="status">
            <p>
              {LINK_MAILED}. Med linket kan du følge opgaven og se buddene. Opret en konto eller log ind med samme e-mail for at
              vælge et bud og betale.
            </p>
            <p className="guest-task__actions">
              {taskPath && (
                <Link className="fb-button fb-button--primary" to={taskPath}>
                  Se opgaven
                </Link>
              )}
              <Link className="fb-button" to={registerPathFor(taskPath, typeof email === 'string' ? email : null)}>
                Opret konto
              </Link>
              <Link className="fb-button" to={taskPath ? loginPathFor(taskPath) : '/login'}>
                Log ind
              </Link>
            </p>
          </div>
        ) : (
          <div className="guest-task__next fb-card" role="status">
            <p>
              {taskPath
                ? 'Med linket kan du følge opgaven og se buddene. '
                : 'Du har ikke givet os din e-mail, så vi kan ikke sende dig et link til opgaven. '}
              Vil du vælge et bud og betale, skal du oprette en konto og oprette opgaven, mens du er logget ind.
            </p>
            <p className="guest-task__actions">
              <Link className="fb-button fb-button--primary" to="/register">
                Opret konto
              </Link>
              <Link className="fb-button" to="/login">
                Log ind
              </Link>
            </p>
          </div>
        )}
        <p className="task-created__more">
          <Link to="/BrowseTasks">Se alle opgaver</Link>
        </p>
      </div>
    </div>
  );
}

/** The private link of a guest who gave no e-mail: shown in full, to copy or open, with a clear word that it must be kept. */
function KeepLink({ taskPath }: { taskPath: string }) {
  const url = `${window.location.origin}${taskPath}`;
  const [copied, setCopied] = useState<boolean | null>(null);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(url);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section className="guest-task__next guest-task__keep fb-card" aria-labelledby="task-created-keep">
      <h2 id="task-created-keep">{KEEP_LINK_TITLE}</h2>
      <p>{KEEP_LINK}</p>
      <label className="fb-field__label" htmlFor="task-created-link">
        Link til opgaven
      </label>
      <input
        id="task-created-link"
        className="fb-input guest-task__link"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
      />
      <p className="guest-task__actions">
        <Button onClick={() => void copy()}>Kopiér link</Button>
        <Link className="fb-button" to={taskPath}>
          Se opgaven
        </Link>
      </p>
      {copied !== null && (
        <p role="status" className={copied ? 'fb-muted' : 'fb-field__error'}>
          {copied ? LINK_COPIED : 'Kunne ikke kopiere – markér linket og kopiér det selv.'}
        </p>
      )}
    </section>
  );
}
