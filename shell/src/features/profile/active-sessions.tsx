import { useState } from 'react';
import { messages } from '@fragtbud/contracts';
import { Button, ErrorState, formatDateTime, isApiError, Spinner } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';
import { useEndOtherSessions } from './api/end-other-sessions';
import { useEndSession } from './api/end-session';
import { useSessions, type SessionItem } from './api/list-sessions';

/** How many of the other sessions show before 'Vis alle': the rest of a long list stays folded. */
export const VISIBLE_OTHER_SESSIONS = 3;

const errorText = (caught: unknown, fallback: string) => (isApiError(caught) ? caught.message : fallback);
const byLastUse = (a: SessionItem, b: SessionItem) => b.last_seen_at.localeCompare(a.last_seen_at);
const endedText = (ended: number) => (ended === 1 ? 'Logget ud af 1 anden session.' : `Logget ud af ${ended} andre sessioner.`);

function SessionLine({ session }: { session: SessionItem }) {
  return (
    <>
      <strong>{session.device}</strong> · logget ind {formatDateTime(session.created_at)} · sidst brugt {formatDateTime(session.last_seen_at)}
      {session.ip ? ` · ${session.ip}` : ''}
    </>
  );
}

/**
 * Profil > Sikkerhed > Aktive sessioner: this device first, then the others by last use (svc-identity lists only
 * sessions that have not run out), a long list folded after a few, each with 'Log ud', and 'Log ud af alle andre'.
 */
export function ActiveSessions() {
  const sessions = useSessions();
  const endSession = useEndSession();
  const endOthers = useEndOtherSessions();
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'note'; text: string } | null>(null);
  const [showAll, setShowAll] = useState(false);

  const run = async (action: () => Promise<string | null>) => {
    setOutcome(null);
    try {
      const note = await action();
      if (note) setOutcome({ kind: 'note', text: note });
    } catch (caught) {
      setOutcome({ kind: 'error', text: errorText(caught, messages.couldNotPerformAction) });
    }
  };

  const items = sessions.data?.items ?? [];
  const current = items.find((session) => session.current) ?? null;
  const others = items.filter((session) => !session.current).sort(byLastUse);
  const shown = showAll ? others : others.slice(0, VISIBLE_OTHER_SESSIONS);

  let body;
  if (sessions.isFetching && !sessions.data) body = <Spinner />;
  else if (sessions.error) {
    body = <ErrorState compact message={errorText(sessions.error, messages.somethingWentWrong)} onRetry={() => void sessions.refetch()} />;
  } else {
    body = (
      <>
        {current && (
          <p>
            <SessionLine session={current} /> <span className="fb-muted">(denne enhed)</span>
          </p>
        )}
        {others.length === 0 ? (
          <p className="fb-muted">Du er ikke logget ind andre steder.</p>
        ) : (
          <>
            <h3 className="profile-sessions__title">Andre enheder ({others.length})</h3>
            <ul className="fb-stack" aria-label="Andre sessioner">
              {shown.map((session) => (
                <li key={session.id}>
                  <SessionLine session={session} />{' '}
                  <Button type="button" variant="ghost" onClick={() => void run(async () => (await endSession.mutateAsync(session.id), null))}>
                    Log ud
                  </Button>
                </li>
              ))}
            </ul>
            <div className="fb-row">
              {others.length > VISIBLE_OTHER_SESSIONS && (
                <Button type="button" variant="ghost" aria-expanded={showAll} onClick={() => setShowAll(!showAll)}>
                  {showAll ? 'Vis færre' : `Vis alle ${others.length}`}
                </Button>
              )}
              <Button
                type="button"
                variant="secondary"
                loading={endOthers.isPending}
                onClick={() => void run(async () => endedText((await endOthers.mutateAsync()).ended))}
              >
                Log ud af alle andre
              </Button>
            </div>
          </>
        )}
      </>
    );
  }

  return (
    <section className="fb-card fb-stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Aktive sessioner</h2>
      {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
      {body}
    </section>
  );
}
