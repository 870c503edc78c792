import { useState, type FormEvent } from 'react';
import { changePasswordFormSchema, messages, totpCodeSchema } from '@fragtbud/contracts';
import { api, Button, ErrorState, Field, formatDateTime, isApiError, Spinner, useApiQuery } from '@fragtbud/web';
import { FormMessage } from '../../layout/auth-card';

const errorText = (caught: unknown, fallback: string) => (isApiError(caught) ? caught.message : fallback);

/** Security tab of spec 2: password change, two-factor in three steps, active sessions. */
export function SecurityTab() {
  return (
    <div className="fb-stack">
      <PasswordChange />
      <TwoFactorSetup />
      <SessionsList />
    </div>
  );
}

function PasswordChange() {
  const [form, setForm] = useState({ currentPassword: '', newPassword: '', confirmPassword: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [outcome, setOutcome] = useState<{ kind: 'error' | 'note'; text: string } | null>(null);
  const [saving, setSaving] = useState(false);
  const set = (key: keyof typeof form) => (event: { target: { value: string } }) => setForm({ ...form, [key]: event.target.value });

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    setOutcome(null);
    const parsed = changePasswordFormSchema.safeParse(form);
    const found: Record<string, string> = {};
    if (!parsed.success) for (const issue of parsed.error.issues) found[String(issue.path[0])] ??= issue.message;
    setErrors(found);
    if (!parsed.success) return;
    setSaving(true);
    try {
      await api.post('/auth/reset-password', { currentPassword: form.currentPassword, newPassword: form.newPassword }, { preferServerMessage: true });
      setForm({ currentPassword: '', newPassword: '', confirmPassword: '' });
      setOutcome({ kind: 'note', text: messages.passwordChanged });
    } catch (caught) {
      setOutcome({ kind: 'error', text: errorText(caught, messages.passwordChangeFailed) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="fb-card fb-stack" aria-labelledby="password-title">
      <h2 id="password-title">Skift adgangskode</h2>
      <form className="fb-stack" onSubmit={onSubmit} noValidate aria-label="Skift adgangskode">
        {outcome && <FormMessage kind={outcome.kind}>{outcome.text}</FormMessage>}
        <Field label="Nuværende adgangskode" name="currentPassword" type="password" autoComplete="current-password" value={form.currentPassword} onChange={set('currentPassword')} error={errors.currentPassword} />
        <Field label="Ny adgangskode" name="newPassword" type="password" autoComplete="new-password" value={form.newPassword} onChange={set('newPassword')} error={errors.newPassword} />
        <Field label="Bekræft ny adgangskode" name="confirmPassword" type="password" autoComplete="new-password" value={form.confirmPassword} onChange={set('confirmPassword')} error={errors.confirmPassword} />
        <Button type="submit" loading={saving}>
          Skift adgangskode
        </Button>
      </form>
    </section>
  );
}

interface TwoFactorStatus {
  enabled: boolean;
  pending: boolean;
  recoveryCodesLeft: number;
}

function TwoFactorSetup() {
  const status = useApiQuery('2fa-status', (signal) => api.get<TwoFactorStatus>('/auth/2fa', { signal }));
  const [setup, setSetup] = useState<{ qr: string; base32: string } | null>(null);
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
      setSetup(await api.post<{ qr: string; base32: string }>('/auth/2fa/setup', undefined, { preferServerMessage: true }));
      setCode('');
    }, messages.twoFactorSetupFailed);
  const enable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = checkedCode();
    if (!valid) return;
    void run(async () => {
      const answer = await api.post<{ recoveryCodes: string[] }>('/auth/2fa/enable', { code: valid }, { preferServerMessage: true });
      setRecoveryCodes(answer.recoveryCodes);
      setSetup(null);
      setCode('');
      status.reload();
    }, messages.twoFactorCodeNotValid);
  };
  const disable = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const valid = checkedCode();
    if (!valid) return;
    void run(async () => {
      await api.post('/auth/2fa/disable', { code: valid }, { preferServerMessage: true });
      setCode('');
      setRecoveryCodes(null);
      status.reload();
    }, messages.twoFactorCodeNotValid);
  };

  const codeField = (
    <Field label="Kode fra appen" name="totp" inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(event) => setCode(event.target.value)} />
  );

  return (
    <section className="fb-card fb-stack" aria-labelledby="two-factor-title">
      <h2 id="two-factor-title">Totrinsbekræftelse</h2>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {status.loading && !status.data ? (
        <Spinner />
      ) : status.error ? (
        <ErrorState compact message={errorText(status.error, messages.somethingWentWrong)} onRetry={status.reload} />
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

interface SessionItem {
  id: number;
  device: string;
  ip: string | null;
  created_at: string;
  last_seen_at: string;
  current: boolean;
}

function SessionsList() {
  const sessions = useApiQuery('my-sessions', (signal) => api.get<{ items: SessionItem[] }>('/auth/sessions', { signal }));
  const [error, setError] = useState<string | null>(null);
  const end = async (id: number) => {
    setError(null);
    try {
      await api.delete(`/auth/sessions/${id}`);
      sessions.setData((current) => current && { items: current.items.filter((item) => item.id !== id) });
    } catch (caught) {
      setError(errorText(caught, messages.couldNotPerformAction));
    }
  };
  return (
    <section className="fb-card fb-stack" aria-labelledby="sessions-title">
      <h2 id="sessions-title">Aktive sessioner</h2>
      {error && <FormMessage kind="error">{error}</FormMessage>}
      {sessions.loading && !sessions.data ? (
        <Spinner />
      ) : sessions.error ? (
        <ErrorState compact message={errorText(sessions.error, messages.somethingWentWrong)} onRetry={sessions.reload} />
      ) : (
        <ul className="fb-stack" aria-label="Sessioner">
          {sessions.data?.items.map((session) => (
            <li key={session.id}>
              <strong>{session.device}</strong> · sidst set {formatDateTime(session.last_seen_at)}
              {session.ip ? ` · ${session.ip}` : ''}{' '}
              {session.current ? (
                <span className="fb-muted">(denne enhed)</span>
              ) : (
                <Button type="button" variant="ghost" onClick={() => void end(session.id)}>
                  Log ud
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
