import { useState } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { Button, ConfirmDialog, Field, fieldErrorsOf, isApiError, toast } from '@fragtbud/web';
import { useDeleteAccount } from './api/delete-account';
import { useExportAccount } from './api/export-account';

const errorText = (caught: unknown) => (isApiError(caught) ? caught.message : messages.somethingWentWrong);

/**
 * Profile → 'Dine data' (GDPR, issue 13 item 5): a copy of one's data as JSON for everyone, and deleting the
 * account for customers and carriers (an admin is removed by another admin; svc-identity refuses it anyway).
 */
export function AccountDataSection({ canDelete }: { canDelete: boolean }) {
  const exportAccount = useExportAccount();

  const download = () =>
    exportAccount.mutate(undefined, {
      onSuccess: () => toast.success('Dine data er hentet'),
      onError: (caught) => toast.error(errorText(caught)),
    });

  return (
    <section className="fb-card profile-card fb-stack" aria-labelledby="account-data-title">
      <h2 id="account-data-title">Dine data</h2>
      <p>
        Hent en kopi af alt, vi har gemt om dig: profil, opgaver, bud, beskeder, betalinger eller udbetalinger og bedømmelser
        (JSON-fil). Læs mere i <Link to="/privacy">Privatlivspolitik</Link>.
      </p>
      <div>
        <Button variant="secondary" onClick={download} loading={exportAccount.isPending}>
          Hent mine data
        </Button>
      </div>
      {canDelete && <DeleteAccount />}
    </section>
  );
}

function DeleteAccount() {
  const navigate = useNavigate();
  const [confirming, setConfirming] = useState(false);
  const [password, setPassword] = useState('');
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const deleteAccount = useDeleteAccount({
    onDeleted: () => {
      setConfirming(false);
      toast.success('Din konto er slettet');
      navigate('/', { replace: true });
    },
  });

  const close = () => {
    setConfirming(false);
    setPassword('');
    setPasswordError(undefined);
  };

  const remove = () => {
    if (!password) {
      setPasswordError(messages.passwordRequired);
      return;
    }
    setPasswordError(undefined);
    return deleteAccount.mutateAsync({ currentPassword: password }).catch((caught: unknown) => {
      // A wrong password is told beside the field, and the dialog stays for another try.
      const fieldError = fieldErrorsOf(caught).currentPassword;
      if (fieldError) {
        setPasswordError(fieldError);
        return;
      }
      close();
      toast.error(errorText(caught));
    });
  };

  return (
    <>
      <h3>Slet konto</h3>
      <p>
        Når du sletter din konto, fjerner vi dit navn, din e-mail, telefon, adresser og bankoplysninger, og du kan ikke logge ind
        igen. Betalinger og udbetalinger gemmer vi uden dit navn i 5 år, som bogføringsloven kræver. Har du opgaver, der ikke er
        afsluttet, skal de afsluttes eller annulleres først.
      </p>
      <div>
        <Button variant="danger" onClick={() => setConfirming(true)}>
          Slet konto
        </Button>
      </div>
      <ConfirmDialog
        open={confirming}
        title="Slet din konto?"
        confirmLabel="Slet konto permanent"
        busy={deleteAccount.isPending}
        onConfirm={remove}
        onCancel={close}
      >
        <p>
          Din konto bliver anonymiseret, du bliver logget ud på alle enheder, og du kan ikke logge ind igen. Det kan ikke fortrydes.
          Hent dine data først, hvis du vil have en kopi.
        </p>
        <form
          noValidate
          aria-label="Bekræft med adgangskode"
          onSubmit={(event) => {
            event.preventDefault();
            void remove();
          }}
        >
          <Field
            label="Din adgangskode"
            name="currentPassword"
            type="password"
            autoComplete="current-password"
            value={password}
            onChange={(event) => {
              setPassword(event.target.value);
              setPasswordError(undefined);
            }}
            error={passwordError}
            required
          />
        </form>
      </ConfirmDialog>
    </>
  );
}
