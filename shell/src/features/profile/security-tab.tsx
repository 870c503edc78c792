import { useState, type FormEvent } from 'react';
import { changePasswordFormSchema, messages, totpCodeSchema } from '@fragtbud/contracts';
import { Button, ErrorState, Field, FormMessage, isApiError, Spinner } from '@fragtbud/web';
import { applyServerFieldErrors, fieldError, useContractForm } from '@fragtbud/web/forms';
import { ActiveSessions } from './active-sessions';
import { OidcLinks } from './oidc-links';
import { useChangePassword } from './api/change-password';
import { useDisableTwoFactor } from './api/disable-two-factor';
import { useEnableTwoFactor } from './api/enable-two-factor';
import { useTwoFactorStatus } from './api/get-two-factor';
import { useSetUpTwoFactor, type TwoFactorSetup as TwoFactorSecret } from './api/set-up-two-factor';

const errorText = (caught: unknown, fallback: string) => (isApiError(caught) ? caught.message : fallback);

/** Security tab of spec 2: password change, two-factor in three steps, provider logins, active sessions. */
export function SecurityTab() {
  return (
    <div className="fb-stack">
      <PasswordChange />
      <TwoFactorSetup />
      <OidcLinks />
      <ActiveSessions />
    </div>
  );
}

const noPasswords = { currentPassword: '', newPassword: '', confirmPassword: '' };

function PasswordChange() {
  const form = useContractForm(changePasswordFormSchema, { defaultValues: noPasswords });
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const change = useChangePassword();

  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setOutcome(null);
    try {
      await change.mutateAsync({ currentPassword, newPassword });
      form.reset(noPasswords);
      setOutcome({ kind: 'success', text: messages.passwordChanged });
    } catch (caught) {
      if (applyServerFieldErrors(form, caught)) return;
      setOutcome({ kind: 'error', text: errorText(caught, messages.passwordChangeFailed) });
    }
  });

  return (
    <section className="fb-card fb-stack" aria-labelledby="password-title">
      <h2 id="password-title">Skift adgangskode</h2>
      <form className="fb-stack" onSubmit={(event) => void onSubmit(event)} noValidate aria-label="Skift adgangskode">
        {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
        <Field label="Nuværende adgangskode" type="password" autoComplete="current-password" {...form.register('currentPassword')} error={fieldError(form, 'currentPassword')} />
        <Field label="Ny adgangskode" type="password" autoComplete="new-password" {...form.register('newPassword')} error={fieldError(form, 'newPassword')} />
        <Field label="Bekræft ny adgangskode" type="password" autoComplete="new-password" {...form.register('confirmPassword')} error={fieldError(form, 'confirmPassword')} />
        <Button type="submit" loading={change.isPending}>
          Skift adgangskode
        </Button>
      </form>
    </section>
  );
}

function TwoFactorSetup() {
  const status = useTwoFactorStatus();
  const setUp = useSetUpTwoFactor();
  const enableWith = useEnableTwoFactor();
  const disableWith = useDisableTwoFactor();
  const [setup, setSetup] = useState<TwoFactorSecret | null>(null);
  const [recoveryCodes, setRecoveryCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const run = async (action: () => Promise<void>, fallback: string) => {
    setBusy(true);
    setError(null);
    try {
      await action();
    } catch (caught) {
      setError(errorText(caught, fallback));
    } finally {
      setBusy(false);
    }
  };
  const checkedCode = () => {
    const parsed = totpCodeSchema.safeParse(code);
    if (!parsed.success) setError(messages.twoFactorAppCodeFormat);
    return parsed.success ? parsed.data : null;
  };

  const start = () =>
    run(async () => {
      setSetup(await setUp.mutateAsync());
      setCode('');
    }, messages.twoFactorSetupFailed);
  const enable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = checkedCode();
    if (!valid) return;
    void run(async () => {
      const answer = await enableWith.mutateAsync(valid);
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
    }, messages.twoFactorCodeNotValid);
  };
  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = checkedCode();
    if (!valid) return;
    void run(async () => {
      await disableWith.mutateAsync(valid);
      setCode('');
      setRecoveryCodes(null);
    }, messages.twoFactorCodeNotValid);
  };

  const codeField = (
    <Field label="Kode fra appen" name="totp" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
  );

  return (
    <section className="fb-card fb-stack" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Totrinsbekræftelse</h2>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {status.isFetching && !status.data ? (
        <Spinner />
      ) : status.error ? (
        <ErrorState compact message={errorText(status.error, messages.somethingWentWrong)} onRetry={() => void status.refetch()} />
      ) : setup ? (
        <form className="fb-stack" onSubmit={enable} noValidate aria-label="Bekræft totrinsbekræftelse">
          <p>Scan QR-koden med din autentifikator-app, eller indtast nøglen, og skriv den 6-cifrede kode.</p>
          <img src={setup.qr} alt="QR-kode til autentifikator-app" width={220} height={220} />
          <p>
            Nøgle: <code>{setup.base32}</code>
          </p>
          {codeField}
          <Button type="submit" loading={busy}>
            Slå til
          </Button>
        </form>
      ) : status.data?.enabled ? (
        <form className="fb-stack" onSubmit={disable} noValidate aria-label="Slå totrinsbekræftelse fra">
          <FormMessage kind="note">Totrinsbekræftelse er slået til ({status.data.recoveryCodesLeft} gendannelseskoder tilbage).</FormMessage>
          {recoveryCodes && (
            <div className="fb-stack" aria-label="Gendannelseskoder">
              <p>Gem disse gendannelseskoder et sikkert sted. De vises kun denne ene gang, og hver kan bruges én gang:</p>
              <ul>
                {recoveryCodes.map((recovery) => (
                  <li key={recovery}>
                    <code>{recovery}</code>
                  </li>
                ))}
              </ul>
            </div>
          )}
          {codeField}
          <Button type="submit" variant="danger" loading={busy}>
            Slå fra
          </Button>
        </form>
      ) : (
        <div className="fb-stack">
          <p>Beskyt din konto med en kode fra en autentifikator-app, når du logger ind.</p>
          <Button type="button" loading={busy} onClick={() => void start()}>
            Slå totrinsbekræftelse til
          </Button>
        </div>
      )}
    </section>
  );
}

