import { useState } from 'react';
import { alertEmailLabels, alertEmailModes, regionLabels, taskTypeLabels, type Alert, type AlertEmailMode } from '@fragtbud/contracts';
import { Button, ConfirmDialog, EmptyState, ErrorState, Spinner, formatDate, isApiError, toast } from '@fragtbud/web';
import { useAlerts, useChangeAlert, useDeleteAlert } from './api/alerts';
import { AlertForm, emptyAlertDraft } from './components/alert-form';
import './alerts.css';

const listOr = (values: readonly string[], labels: Record<string, string>, all: string) => (values.length === 0 ? all : values.map((value) => labels[value] ?? value).join(', '));

function criteriaOf(alert: Alert): string {
  const parts = [
    `Fra: ${listOr(alert.fromRegions, regionLabels, 'hele landet')}`,
    `Til: ${listOr(alert.toRegions, regionLabels, 'hele landet')}`,
    listOr(alert.types, taskTypeLabels, 'Alle typer'),
  ];
  if (alert.pickupFrom || alert.pickupTo) {
    parts.push(`Afhentning ${alert.pickupFrom ? `fra ${formatDate(alert.pickupFrom)}` : ''}${alert.pickupFrom && alert.pickupTo ? ' ' : ''}${alert.pickupTo ? `til ${formatDate(alert.pickupTo)}` : ''}`);
  }
  return parts.join(' · ');
}

/**
 * 'Jobalarmer' on the carrier's profile: the saved searches, each paused or resumed, its e-mail changed, or deleted;
 * a new one made here or from /tasks ('Gem som jobalarm').
 */
export function AlertsPanel() {
  const alerts = useAlerts();
  const change = useChangeAlert();
  const remove = useDeleteAlert();
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<Alert | null>(null);

  const failed = (caught: unknown) => toast.error(isApiError(caught) ? caught.message : 'Kunne ikke gemme ændringen.');
  const patch = (alert: Alert, body: { paused?: boolean; email?: AlertEmailMode }) => change.mutateAsync({ id: alert.id, patch: body }).catch(failed);

  if (alerts.isPending) return <Spinner label="Henter jobalarmer…" />;
  if (alerts.error) return <ErrorState message="Kunne ikke hente jobalarmer." onRetry={() => void alerts.refetch()} />;
  const { items, max } = alerts.data;

  return (
    <section className="fb-card alerts-panel" aria-labelledby="alerts-title">
      <h2 id="alerts-title">Jobalarmer</h2>
      <p>Få besked, når der kommer en ny opgave, der passer til det, du kører. Højst {max} jobalarmer.</p>
      {items.length === 0 && !creating && <EmptyState title="Du har ingen jobalarmer endnu." />}
      {items.length > 0 && (
        <ul className="alerts-panel__list">
          {items.map((alert) => (
            <li key={alert.id} className="alerts-panel__item" data-paused={alert.paused || undefined}>
              <div>
                <h3>
                  {alert.name} {alert.paused && <span className="alerts-panel__badge">På pause</span>}
                </h3>
                <p>{criteriaOf(alert)}</p>
              </div>
              <div className="alerts-panel__actions">
                <label>
                  <span className="fb-visually-hidden">E-mail for {alert.name}</span>
                  <select value={alert.email} onChange={(event) => void patch(alert, { email: event.target.value as AlertEmailMode })}>
                    {alertEmailModes.map((mode) => (
                      <option key={mode} value={mode}>
                        {alertEmailLabels[mode]}
                      </option>
                    ))}
                  </select>
                </label>
                <Button size="small" variant="secondary" onClick={() => void patch(alert, { paused: !alert.paused })}>
                  {alert.paused ? 'Genoptag' : 'Sæt på pause'}
                </Button>
                <Button size="small" variant="danger" onClick={() => setDeleting(alert)}>
                  Slet
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {creating ? (
        <AlertForm
          initial={emptyAlertDraft()}
          onSaved={() => {
            setCreating(false);
            toast.success('Jobalarmen er gemt');
          }}
          onCancel={() => setCreating(false)}
        />
      ) : (
        items.length < max && <Button onClick={() => setCreating(true)}>Ny jobalarm</Button>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Slet jobalarm"
        confirmLabel="Slet"
        busy={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await remove.mutateAsync(deleting.id).catch(failed);
          setDeleting(null);
        }}
      >
        <p>Vil du slette jobalarmen »{deleting?.name}«?</p>
      </ConfirmDialog>
    </section>
  );
}
