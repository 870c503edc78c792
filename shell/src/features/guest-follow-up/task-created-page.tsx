import { Link, useParams, useSearchParams } from 'react-router-dom';
import { useDocumentTitle } from '../../routing/use-document-title';
import './guest-follow-up.css';

export const LINK_MAILED = 'Vi har sendt et link til din e-mail';

/**
 * /task-created/{id}: where a guest lands after posting (mail=1 when a contact e-mail was given): the task number,
 * what happens next and how to follow the task. Nothing here is fetched: a guest has no session to read the task with.
 */
export function TaskCreatedPage() {
  const { id = '' } = useParams();
  const [searchParams] = useSearchParams();
  const mailed = searchParams.get('mail') === '1';
  const valid = /^\d{1,15}$/.test(id);
  useDocumentTitle('Opgaven er oprettet');

  return (
    <div className="fb-container page guest-task">
      <div className="fb-card guest-task__section">
        <h1 className="guest-task__title">Tak! Din opgave er oprettet</h1>
        {valid && (
          <p>
            Opgavenummer: <strong>#{id}</strong>
          </p>
        )}
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
          </div>
        ) : (
          <div className="guest-task__next fb-card" role="status">
            <p>
              Du har ikke givet os din e-mail, så vi kan ikke sende dig et link til opgaven. Vil du se buddene, vælge et og
              betale, skal du oprette en konto og oprette opgaven, mens du er logget ind.
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
        <p>
          <Link to="/BrowseTasks">Se alle opgaver</Link>
        </p>
      </div>
    </div>
  );
}
