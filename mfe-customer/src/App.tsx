import { Link, useLocation, useSearchParams } from 'react-router-dom';
import { isTaskType, PageHeader, TASK_TYPES, useSession } from '@fragtbud/web';
import './create-task.css';

/**
 * The customer's part of the product, exposed to the shell as `./App` and shown at /create-task and
 * /tasks/create. The three-step create-task wizard arrives in its own issue; this is its real frame.
 */
export default function CustomerApp() {
  const [searchParams] = useSearchParams();
  const location = useLocation();
  const user = useSession((state) => state.user);
  const requestedType = searchParams.get('type');
  const selectedType = isTaskType(requestedType) ? TASK_TYPES.find((t) => t.type === requestedType) : undefined;
  const guestMode = !user && searchParams.get('guest') === '1';

  return (
    <section className="create-task fb-container" aria-labelledby="create-task-title">
      <PageHeader title="Opret en ny transportopgave" lead="Beskriv din opgave, og modtag tilbud fra professionelle vognmænd." />
      <div className="fb-card create-task__card">
        <h2 id="create-task-title" className="create-task__subtitle">
          Opgaveoprettelse kommer snart
        </h2>
        <p>
          Vi arbejder på guiden, hvor du vælger opgavetype, udfylder detaljerne og sender opgaven ud til vognmænd.
        </p>
        {selectedType && (
          <p>
            Valgt opgavetype: <strong>{selectedType.label}</strong>
          </p>
        )}
        {guestMode && (
          <p className="fb-form-note">
            Du opretter opgaven som gæst. Log ind for at bruge chat og betaling.
          </p>
        )}
        <div className="fb-row">
          <Link className="fb-button fb-button--secondary" to="/BrowseTasks">
            Se opgaver
          </Link>
          {!user && (
            <Link className="fb-button fb-button--ghost" to={`/login?next=${encodeURIComponent(`${location.pathname}${location.search}`)}`}>
              Log ind
            </Link>
          )}
        </div>
      </div>
    </section>
  );
}
