import { useCallback, useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { useQueryClient } from '@tanstack/react-query';
import {
  Button,
  QUEUED_TEXT,
  invalidateTask,
  onQueueChange,
  requestQueue,
  startOfflineSync,
  toast,
  type QueuedRequest,
} from '@fragtbud/web';
import './offline-queue.css';

/** What the writer put in `meta` for the strip: a Danish label and the task it belongs to. */
interface ShownMeta {
  label?: string;
  taskId?: number;
  sentText?: string;
}

const metaOf = (entry: { meta: unknown }): ShownMeta => (entry.meta && typeof entry.meta === 'object' ? (entry.meta as ShownMeta) : {});

/** The refused proof's heading (spec section 8's text for a proof that did not go). */
export const QUEUED_REFUSED = 'Kunne ikke indsende bevis.';

/**
 * For a carrier (loaded lazily by OfflineQueueMount): starts the offline queue's sending (now, on `online`, on the
 * service worker's Background Sync, and every few seconds while online) and the service worker, and shows under the
 * header what is still on this device: 'Venter på forbindelse – sendes automatisk', or why the server refused it.
 */
export function CarrierOfflineQueue({ ownerId }: { ownerId: number }) {
  const client = useQueryClient();
  const [entries, setEntries] = useState<QueuedRequest[]>([]);

  const reload = useCallback(async () => {
    const queue = requestQueue();
    setEntries(queue ? await queue.list(ownerId) : []);
  }, [ownerId]);

  useEffect(() => startOfflineSync({ ownerId }), [ownerId]);

  useEffect(() => {
    void reload();
    return onQueueChange((change) => {
      void reload();
      for (const sent of change.sent) {
        const meta = metaOf(sent);
        if (typeof meta.taskId === 'number') void invalidateTask(client, meta.taskId);
        if (meta.sentText) toast.success(meta.sentText);
      }
    });
  }, [reload, client]);

  if (entries.length === 0) return null;
  const remove = async (key: string) => {
    await requestQueue()?.remove(key);
    await reload();
  };

  return (
    <section className="offline-queue" aria-label="Venter på at blive sendt">
      <div className="fb-container">
        <ul className="offline-queue__list">
          {entries.map((entry) => {
            const meta = metaOf(entry);
            const label = meta.label ?? 'Bevis';
            return (
              <li key={entry.key} className={`offline-queue__item offline-queue__item--${entry.state}`} role="status">
                {typeof meta.taskId === 'number' ? <Link to={`/task/${meta.taskId}`}>{label}</Link> : <span>{label}</span>}
                {entry.state === 'waiting' ? (
                  <span className="offline-queue__text">{QUEUED_TEXT}</span>
                ) : (
                  <>
                    <span className="offline-queue__text">
                      {QUEUED_REFUSED} {entry.error}
                    </span>
                    <Button variant="secondary" size="small" onClick={() => void remove(entry.key)}>
                      Fjern
                    </Button>
                  </>
                )}
              </li>
            );
          })}
        </ul>
      </div>
    </section>
  );
}
