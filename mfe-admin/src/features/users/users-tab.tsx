import { useState } from 'react';
import { Link } from 'react-router-dom';
import {
  Button,
  ConfirmDialog,
  EmptyState,
  ErrorState,
  Field,
  RoleBadge,
  SelectField,
  Spinner,
  TableScroll,
  displayName,
  formatDate,
  useDebouncedValue,
  useSession,
  type User,
} from '@fragtbud/web';
import { messages } from '@fragtbud/contracts';
import { useDeleteUser, useUserAction, useUsers, type UserFilter } from '../../shared/api/admin-users-api';
import { adminActionError } from '../../shared/action-error';
import { UserStatusBadge } from '../../shared/user-status';
import { personMoneyLinks } from '../../shared/person-links';

/** A carrier's or customer's ledger rows and the money actions for them, filled in with the person. */
function PersonMoneyLinks({ user }: { user: User }) {
  const links = personMoneyLinks(user);
  if (!links.length) return null;
  return (
    <span className="admin-table__sub admin-person-links">
      {links.map((link) => (
        <Link key={link.label} to={link.to} aria-label={`${link.label}: ${displayName(user)}`}>
          {link.label}
        </Link>
      ))}
    </span>
  );
}

const FILTER_OPTIONS: ReadonlyArray<{ value: UserFilter; label: string }> = [
  { value: 'all', label: 'Alle' },
  { value: 'customer', label: 'Kunder' },
  { value: 'carrier', label: 'Vognmænd' },
  { value: 'admin', label: 'Administratorer' },
  { value: 'blocked', label: 'Blokerede' },
];

type ListState = { kind: 'loading' } | { kind: 'failed' } | { kind: 'loaded'; users: User[] };

export function UsersTab({ onCountsChanged }: { onCountsChanged: () => void }) {
  const currentUserId = useSession((state) => state.user?.id);
  const [filter, setFilter] = useState<UserFilter>('all');
  const [searchText, setSearchText] = useState('');
  const search = useDebouncedValue(searchText, 300);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [pendingDelete, setPendingDelete] = useState<User | null>(null);

  const users = useUsers(filter, search);
  const list: ListState = users.data ? { kind: 'loaded', users: users.data } : users.error ? { kind: 'failed' } : { kind: 'loading' };
  const userAction = useUserAction();
  const remove = useDeleteUser();
  const deleting = remove.isPending;
  const deleteError = remove.error ? adminActionError(remove.error, messages.couldNotDeleteUser) : null;
  const busyUserId = userAction.isPending ? (userAction.variables?.userId ?? null) : deleting ? (remove.variables ?? null) : null;

  const toggleBlock = (user: User) => {
    setActionError(null);
    setNotice(null);
    userAction.mutate(
      { userId: user.id, action: user.is_blocked ? 'unblock' : 'block' },
      {
        onSuccess: (updated) => {
          setNotice(updated.is_blocked ? `${displayName(updated)} er blokeret.` : `Blokeringen af ${displayName(updated)} er fjernet.`);
          onCountsChanged();
        },
        onError: (error) => setActionError(adminActionError(error, messages.couldNotUpdateUser)),
      },
    );
  };

  const confirmDelete = () => {
    if (!pendingDelete) return;
    const user = pendingDelete;
    // The dialog stays busy until the deletion settled (a double click deletes once); a failure stays in the dialog.
    return remove.mutateAsync(user.id).then(
      () => {
        setNotice(`${displayName(user)} er slettet.`);
        setPendingDelete(null);
        onCountsChanged();
      },
      () => undefined,
    );
  };

  const closeDeleteDialog = () => {
    if (deleting) return;
    setPendingDelete(null);
    remove.reset();
  };

  return (
    <section aria-labelledby="users-tab-title" className="fb-stack">
      <div className="admin-toolbar">
        <h2 id="users-tab-title" className="admin-panel__title">
          Brugeradministration
        </h2>
        <SelectField
          label="Vis brugere"
          className="admin-toolbar__filter"
          value={filter}
          onChange={(event) => {
            setFilter(event.target.value as UserFilter);
            setNotice(null);
            setActionError(null);
          }}
        >
          {FILTER_OPTIONS.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </SelectField>
        <Field label="Søg" type="search" value={searchText} maxLength={200} placeholder="Navn, e-mail eller firma" onChange={(event) => setSearchText(event.target.value)} />
      </div>

      {actionError && (
        <p className="fb-form-error" role="alert">
          {actionError}
        </p>
      )}
      <p className="admin-notice" role="status">
        {notice}
      </p>

      {list.kind === 'loading' && <Spinner label="Henter brugere…" />}
      {list.kind === 'failed' && <ErrorState message={messages.couldNotFetchUsers} onRetry={() => void users.refetch()} />}
      {list.kind === 'loaded' && list.users.length === 0 && <EmptyState title="Ingen brugere at vise" message={search.trim() ? 'Prøv en anden søgning eller et andet filter.' : 'Prøv et andet filter.'} />}
      {list.kind === 'loaded' && list.users.length > 0 && (
        // On a phone the actions sit to the right: the scroll box says so ('Rul til siden for flere kolonner →').
        <TableScroll label="Brugere">
          <table className="fb-table">
            <caption className="fb-visually-hidden">Brugere</caption>
            <thead>
              <tr>
                <th scope="col">Navn</th>
                <th scope="col">E-mail</th>
                <th scope="col">Rolle</th>
                <th scope="col">Status</th>
                <th scope="col">Oprettet</th>
                <th scope="col">
                  <span className="fb-visually-hidden">Handlinger</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {list.users.map((user) => {
                const isSelf = user.id === currentUserId;
                const busy = busyUserId === user.id;
                return (
                  <tr key={user.id}>
                    <th scope="row" className="admin-table__name">
                      {user.name || '–'}
                      {user.company && <span className="admin-table__sub">{user.company}</span>}
                      <span className="admin-table__sub">#{user.id}</span>
                      <PersonMoneyLinks user={user} />
                    </th>
                    <td>{user.email}</td>
                    <td>
                      <RoleBadge role={user.role} />
                    </td>
                    <td>
                      <UserStatusBadge user={user} />
                    </td>
                    <td>{formatDate(user.createdAt)}</td>
                    <td className="admin-table__actions">
                      {!isSelf && (
                        <div className="admin-actions">
                          <Button size="small" variant="secondary" loading={busy} disabled={busyUserId !== null} onClick={() => toggleBlock(user)}>
                            {user.is_blocked ? 'Fjern blokering' : 'Bloker'}
                          </Button>
                          <Button
                            size="small"
                            variant="ghost"
                            className="admin-actions__delete"
                            disabled={busyUserId !== null}
                            onClick={() => setPendingDelete(user)}
                          >
                            Slet
                          </Button>
                        </div>
                      )}
                    </td>
                  </tr>
                );
              })}
            </tbody>
          </table>
        </TableScroll>
      )}

      <ConfirmDialog open={pendingDelete !== null} title="Slet bruger" confirmLabel="Slet bruger" onConfirm={confirmDelete} onCancel={closeDeleteDialog} busy={deleting}>
        {pendingDelete && (
          <p>
            Er du sikker på, at du vil slette <strong>{displayName(pendingDelete)}</strong> ({pendingDelete.email})? Handlingen
            kan ikke fortrydes.
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
