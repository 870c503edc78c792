import { useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, ConfirmDialog, EmptyState, ErrorState, Spinner, formatDkkFromKroner, queryKeys } from '@fragtbud/web';
import { adminActionError } from '../../shared/action-error';
import { CarrierListForm } from './carrier-list-form';
import { formatPercent } from './carrier-list-label';
import {
  createCarrierList,
  deleteCarrierList,
  listCarrierLists,
  updateCarrierList,
  type CarrierList,
  type CarrierListInput,
} from './carrier-lists-api';
import { CARRIER_LIST_MESSAGES } from './messages';
import './carrier-lists.css';

type Editing = { kind: 'new' } | { kind: 'edit'; list: CarrierList } | null;

const byName = (a: CarrierList, b: CarrierList) => a.name.localeCompare(b.name, 'da');

/** Carrier lists A, B, C (and more) with their fees: add, edit in a modal, delete after confirming. */
export function CarrierListsSection() {
  const client = useQueryClient();
  const lists = useQuery({ queryKey: [...queryKeys.carrierLists(), 'all'], queryFn: ({ signal }) => listCarrierLists(signal) });
  const setLists = (update: (current: CarrierList[] | undefined) => CarrierList[] | undefined) => {
    client.setQueryData([...queryKeys.carrierLists(), 'all'], update);
    // The carriers tab shows list names beside each carrier.
    void client.invalidateQueries({ queryKey: [...queryKeys.carrierLists(), 'listing'] });
  };
  const [editing, setEditing] = useState<Editing>(null);
  const [pendingDelete, setPendingDelete] = useState<CarrierList | null>(null);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [deleting, setDeleting] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);

  const save = async (input: CarrierListInput) => {
    if (editing?.kind === 'edit') {
      const saved = await updateCarrierList(editing.list.id, input);
      setLists((current) => current?.map((list) => (list.id === saved.id ? saved : list)));
      setNotice(`Liste ${saved.name} er gemt.`);
    } else {
      const created = await createCarrierList(input);
      setLists((current) => [...(current ?? []), created]);
      setNotice(`Liste ${created.name} er oprettet.`);
    }
    setEditing(null);
  };

  const confirmDelete = async () => {
    if (!pendingDelete) return;
    setDeleting(true);
    setDeleteError(null);
    try {
      await deleteCarrierList(pendingDelete.id);
      setLists((current) => current?.filter((list) => list.id !== pendingDelete.id));
      setNotice(`Liste ${pendingDelete.name} er slettet.`);
      setPendingDelete(null);
    } catch (error) {
      // 409 'Listen kan ikke slettes, så længe der er carriers på den' comes from the server as is.
      setDeleteError(adminActionError(error, CARRIER_LIST_MESSAGES.couldNotUpdate));
    } finally {
      setDeleting(false);
    }
  };

  const closeDelete = () => {
    if (deleting) return;
    setPendingDelete(null);
    setDeleteError(null);
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

      <ConfirmDialog        open={pendingDelete !== null}        title="Slet carrier-liste"        confirmLabel="Slet liste"        onConfirm={confirmDelete}        onCancel={closeDelete}        busy={deleting}      >
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
