import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Button, ConfirmDialog, EmptyState, ErrorState, Spinner, formatDkkFromKroner, queryKeys } from '@fragtbud/web';
import { adminActionError } from '../../shared/action-error';
import { CarrierListForm } from './carrier-list-form';
import { formatPercent } from './carrier-list-label';
import { listCarrierLists, useDeleteCarrierList, useSaveCarrierList, type CarrierList, type CarrierListInput } from './carrier-lists-api';
import { CARRIER_LIST_MESSAGES } from './messages';
import './carrier-lists.css';

type Editing = { kind: 'new' } | { kind: 'edit'; list: CarrierList } | null;

const byName = (a: CarrierList, b: CarrierList) => a.name.localeCompare(b.name, 'da');

/** Carrier lists A, B, C (and more) with their fees: add, edit in a modal, delete after confirming. */
export function CarrierListsSection() {
  const lists = useQuery({ queryKey: queryKeys.carrierListsAll(), queryFn: ({ signal }) => listCarrierLists(signal) });
  const saveList = useSaveCarrierList();
  const remove = useDeleteCarrierList();
  const [editing, setEditing] = useState<Editing>(null);
  const [pendingDelete, setPendingDelete] = useState<CarrierList | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const deleting = remove.isPending;
  // 409 'Listen kan ikke slettes, så længe der er carriers på den' comes from the server as is.
  const deleteError = remove.error ? adminActionError(remove.error, CARRIER_LIST_MESSAGES.couldNotUpdate) : null;

  /** The form awaits this and shows a failure itself. */
  const save = async (input: CarrierListInput) => {
    const id = editing?.kind === 'edit' ? editing.list.id : null;
    const saved = await saveList.mutateAsync({ id, input });
    setNotice(id === null ? `Liste ${saved.name} er oprettet.` : `Liste ${saved.name} er gemt.`);
    setEditing(null);
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const list = pendingDelete;
    return remove.mutateAsync(list.id).then(
      () => {
        setNotice(`Liste ${list.name} er slettet.`);
        setPendingDelete(null);
      },
      () => undefined, // the mutation keeps its error for the dialog
    );
  };

  const closeDelete = () => {
    if (deleting) return;
    setPendingDelete(null);
    remove.reset();
  };

  let content;
  if (lists.error) {
    content = <ErrorState message={CARRIER_LIST_MESSAGES.couldNotFetch} onRetry={() => void lists.refetch()} compact />;
  } else if (!lists.data) {
    content = <Spinner label="Henter carrier-lister…" />;
  } else if (lists.data.length === 0) {
    content = <EmptyState title="Ingen carrier-lister endnu" message="Carriers uden liste betaler standardgebyret på 10%." />;
  } else {
    content = (
      <div className="fb-table-wrap">
        <table className="fb-table carrier-lists-table">
          <caption className="fb-visually-hidden">Carrier-lister</caption>
          <thead>
            <tr>
              <th scope="col">Navn</th>
              <th scope="col">Beskrivelse</th>
              <th scope="col" className="is-number">
                Gebyr
              </th>
              <th scope="col" className="is-number">
                Fast gebyr
              </th>
              <th scope="col" className="is-number">
                Minimumsgebyr
              </th>
              <th scope="col" className="is-number">
                Carriers
              </th>
              <th scope="col">
                <span className="fb-visually-hidden">Handlinger</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {[...lists.data].sort(byName).map((list) => (
              <tr key={list.id}>
                <th scope="row" className="admin-table__name">
                  {list.name}
                </th>
                <td>{list.description || <span className="fb-muted">–</span>}</td>
                <td className="is-number">{formatPercent(list.feePercentage)}%</td>
                <td className="is-number">{formatDkkFromKroner(list.fixedFee)}</td>
                <td className="is-number">{formatDkkFromKroner(list.minFee)}</td>
                <td className="is-number">{list.carrierCount}</td>
                <td className="admin-table__actions">
                  <div className="admin-actions">
                    <Button size="small" variant="secondary" aria-label={`Ret liste ${list.name}`} onClick={() => setEditing({ kind: 'edit', list })}>
                      Ret
                    </Button>
                    <Button
                      size="small"
                      variant="ghost"
                      className="admin-actions__delete"
                      aria-label={`Slet liste ${list.name}`}
                      onClick={() => {
                        setNotice(null);
                        remove.reset();
                        setPendingDelete(list);
                      }}
                    >
                      Slet
                    </Button>
                  </div>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    );
  }

  return (
    <section className="fb-card fb-stack fees-section" aria-labelledby="carrier-lists-title">
      <div className="admin-toolbar">
        <div>
          <h3 id="carrier-lists-title" className="fees-section__title">
            Carrier-lister
          </h3>
          <p className="fees-section__lead">
            Hver liste har sit eget gebyr for de carriers, der står på den. Carriers sættes på en liste under Carrier-godkendelse.
          </p>
        </div>
        <Button
          variant="secondary"
          disabled={!lists.data || Boolean(lists.error)}
          onClick={() => {
            setNotice(null);
            setEditing({ kind: 'new' });
          }}
        >
          Tilføj liste
        </Button>
      </div>
      <p className="admin-notice" role="status">
        {notice}
      </p>
      {content}

      {editing && (
        <CarrierListForm
          key={editing.kind === 'edit' ? editing.list.id : 'new'}
          list={editing.kind === 'edit' ? editing.list : null}
          onClose={() => setEditing(null)}
          onSubmit={save}
        />
      )}

      <ConfirmDialog open={pendingDelete !== null} title="Slet carrier-liste" confirmLabel="Slet liste" onConfirm={confirmDelete} onCancel={closeDelete} busy={deleting}>
        {pendingDelete && (
          <p>
            Er du sikker på, at du vil slette liste <strong>{pendingDelete.name}</strong>?
            {pendingDelete.carrierCount > 0 &&
              ` Der står ${pendingDelete.carrierCount} ${pendingDelete.carrierCount === 1 ? 'carrier' : 'carriers'} på den – de skal flyttes først.`}
          </p>
        )}
        {deleteError && (
          <p className="fb-form-error" role="alert">
            {deleteError}
          </p>
        )}
      </ConfirmDialog>
    </section>
  );
}
