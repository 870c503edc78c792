import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { platformSettingsUpdateSchema } from '@fragtbud/contracts';
import { Button, ErrorState, Field, Spinner, formatDateTime, formatDkkFromKroner, queryKeys } from '@fragtbud/web';
import { applyServerFieldErrors, useContractForm } from '@fragtbud/web/forms';
import { adminActionError } from '../../shared/action-error';
import { inputToNumber, isServiceUnavailable, numberToInput, typedTextSchema } from '../../shared/form-values';
import { clearLocalSettings, readLocalSettings, writeLocalSettings, type LocalSettings } from './local-settings';
import { FEES_MESSAGES } from './messages';
import {
  DEFAULT_SETTINGS,
  SETTINGS_FIELDS,
  getPlatformSettings,
  useSavePlatformSettings,
  valuesOf,
  type PlatformSettingsValues,
} from './platform-settings-api';

type SettingsField = keyof PlatformSettingsValues;
type FormValues = Record<SettingsField, string>;

/** Where the settings on screen come from. Only 'server' settings are the ones prices use. */
type Source =
  | { kind: 'server'; updatedAt: string | null }
  /** The fee API is unavailable: settings kept in this browser earlier. */
  | { kind: 'local'; savedAt: string }
  /** The fee API is unavailable and nothing is kept here: spec section 9 defaults, said so. */
  | { kind: 'defaults' };

type State =
  | { kind: 'loading' }
  | { kind: 'failed' }
  | { kind: 'ready'; source: Source; settings: PlatformSettingsValues; localCopy: LocalSettings | null };

type Notice = { tone: 'success' | 'warning'; text: string } | null;

const FIELD_INFO: Record<SettingsField, { label: string; hint: string; money?: boolean; whole?: boolean }> = {
  feePercentage: { label: 'Gebyrprocent (%)', hint: 'Platformens gebyr af nettoprisen, 0–100.' },
  fixedFee: { label: 'Fast gebyr (DKK)', hint: 'Lille fast gebyr pr. opgave ekskl. moms, 0 eller mere.', money: true },
  minFee: { label: 'Minimumsgebyr (DKK)', hint: 'Mindste platformsgebyr ekskl. moms, 0 eller mere.', money: true },
  vatPercentage: { label: 'Moms (%)', hint: '0–100.' },
  maxBids: { label: 'Max antal bud pr. opgave', hint: 'Helt tal, mindst 1. Gælder, når hverken opgaven eller dens type har sin egen grænse.', whole: true },
};

function toForm(settings: PlatformSettingsValues): FormValues {
  return {
    feePercentage: numberToInput(settings.feePercentage),
    fixedFee: numberToInput(settings.fixedFee),
    minFee: numberToInput(settings.minFee),
    vatPercentage: numberToInput(settings.vatPercentage),
    maxBids: numberToInput(settings.maxBids),
  };
}

function fromForm(values: FormValues): PlatformSettingsValues {
  return {
    feePercentage: inputToNumber(values.feePercentage),
    fixedFee: inputToNumber(values.fixedFee),
    vatPercentage: inputToNumber(values.vatPercentage),
    minFee: inputToNumber(values.minFee),
    maxBids: inputToNumber(values.maxBids),
  };
}

/** The fields as typed, read the Danish way, then checked with the service's own schema (its Danish messages). */
const settingsFormSchema = typedTextSchema(SETTINGS_FIELDS, platformSettingsUpdateSchema, fromForm);

const sameSettings = (a: PlatformSettingsValues, b: PlatformSettingsValues) => SETTINGS_FIELDS.every((field) => a[field] === b[field]);

/** The money fields show the amount in effect (the saved one, not what is being typed) as prices show it: 'Nu: 1.234,50 DKK'. */
function hintFor(field: SettingsField, saved: PlatformSettingsValues): string {
  const { hint, money } = FIELD_INFO[field];
  return money ? `${hint} Nu: ${formatDkkFromKroner(saved[field])}.` : hint;
}

type Loaded = Extract<State, { kind: 'ready' }>;

/**
 * GET /admin/platform-settings. While the fee API is unavailable: the copy kept in this browser, else the defaults
 * (said so on screen); any other failure is an error to retry.
 */
async function loadSettings(signal?: AbortSignal): Promise<Loaded> {
  try {
    const answer = await getPlatformSettings(signal);
    const settings = valuesOf(answer);
    let localCopy = readLocalSettings();
    // A copy kept while the API was down that the server already has is no longer worth a question.
    if (localCopy && sameSettings(localCopy.settings, settings)) {
      clearLocalSettings();
      localCopy = null;
    }
    return { kind: 'ready', source: { kind: 'server', updatedAt: answer.updatedAt ?? null }, settings, localCopy };
  } catch (error) {
    if (signal?.aborted || !isServiceUnavailable(error)) throw error;
    const localCopy = readLocalSettings();
    return {
      kind: 'ready',
      source: localCopy ? { kind: 'local', savedAt: localCopy.savedAt } : { kind: 'defaults' },
      settings: localCopy?.settings ?? DEFAULT_SETTINGS,
      localCopy: null,
    };
  }
}

/**
 * Platform settings (fee %, fixed fee, minimum fee, VAT, max bids) from GET /admin/platform-settings, saved with
 * PUT. When the fee API is unavailable the settings are kept in this browser only, and the tab says so plainly.
 */
export function PlatformSettingsSection() {
  const [state, setState] = useState<State>({ kind: 'loading' });
  const form = useContractForm(settingsFormSchema, { defaultValues: toForm(DEFAULT_SETTINGS) });
  const { errors, isDirty } = form.formState;
  void isDirty; // subscribes to it: the effect below reads it
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<Notice>(null);
  const saveSettings = useSavePlatformSettings();
  const saving = saveSettings.isPending;

  // A form being edited is not refreshed behind the user's back: loaded once, again only on 'Prøv igen'.
  const loaded = useQuery({
    queryKey: queryKeys.platformSettings(),
    queryFn: ({ signal }) => loadSettings(signal),
    retry: false,
    staleTime: Infinity,
    refetchOnWindowFocus: false,
  });
  useEffect(() => {
    if (loaded.data) {
      setState(loaded.data);
      // What the admin is typing stays (e.g. after a 401 the cache is emptied and the settings are asked again).
      if (!form.formState.isDirty) form.reset(toForm(loaded.data.settings));
    } else if (loaded.error) {
      setState({ kind: 'failed' });
    }
  }, [loaded.data, loaded.error, form]);

  const retry = () => {
    setNotice(null);
    setFormError(null);
    form.clearErrors();
    setState({ kind: 'loading' });
    void loaded.refetch();
  };

  const refused = () => {
    setNotice(null);
    setFormError(FEES_MESSAGES.fixFormErrors);
  };

  const save = async (typed: FormValues) => {
    if (saving || state.kind !== 'ready') return;
    setNotice(null);
    setFormError(null);
    const next = fromForm(typed);
    try {
      // Always the server first, also after a local save: the API may be back.
      const saved = await saveSettings.mutateAsync(next);
      clearLocalSettings();
      const settings = valuesOf(saved);
      setState({ kind: 'ready', source: { kind: 'server', updatedAt: saved.updatedAt ?? null }, settings, localCopy: null });
      form.reset(toForm(settings));
      setNotice({ tone: 'success', text: FEES_MESSAGES.settingsSaved });
    } catch (error) {
      if (isServiceUnavailable(error)) {
        const kept = writeLocalSettings(next);
        if (kept) {
          setState({ kind: 'ready', source: { kind: 'local', savedAt: kept.savedAt }, settings: next, localCopy: null });
          setNotice({
            tone: 'warning',
            text: `${FEES_MESSAGES.couldNotUpdateSettings} på serveren. Ændringerne er kun gemt i denne browser.`,
          });
        } else {
          setFormError(`${FEES_MESSAGES.couldNotUpdateSettings}. Gebyr-API'et svarer ikke, og browseren kunne heller ikke gemme dem lokalt.`);
        }
      } else {
        applyServerFieldErrors(form, error);
        setFormError(adminActionError(error, FEES_MESSAGES.couldNotUpdateSettings));
      }
    }
  };

  const fillFromLocalCopy = () => {
    if (state.kind !== 'ready' || !state.localCopy) return;
    form.reset(toForm(state.localCopy.settings));
    setNotice({ tone: 'warning', text: 'De lokale værdier står nu i formularen. Tryk “Gem indstillinger” for at gemme dem på serveren.' });
  };

  const discardLocalCopy = () => {
    clearLocalSettings();
    setState((current) => (current.kind === 'ready' ? { ...current, localCopy: null } : current));
  };

  let body;
  if (state.kind === 'loading') {
    body = <Spinner label="Henter indstillinger…" />;
  } else if (state.kind === 'failed') {
    body = <ErrorState message={FEES_MESSAGES.couldNotFetchSettings} onRetry={retry} compact />;
  } else {
    const { source, localCopy } = state;
    body = (
      <>
        {source.kind !== 'server' && (
          <div className="fb-form-note fees-local-note" role="status">
            <p className="fees-local-note__title">{FEES_MESSAGES.couldNotFetchSettings} – gebyr-API'et er ikke tilgængeligt.</p>
            <p>
              {source.kind === 'local'
                ? `Du ser de indstillinger, der blev gemt i denne browser ${formatDateTime(source.savedAt)}.`
                : 'Du ser platformens standardværdier, ikke nødvendigvis de indstillinger, platformen bruger nu.'}{' '}
              Så længe API'et er utilgængeligt, gemmes ændringer kun i denne browser: de bruges ikke til priser og
              ses ikke af andre administratorer, før de er gemt på serveren. Hver gang du gemmer, prøves serveren først.
            </p>
            <Button variant="secondary" size="small" onClick={retry}>
              Prøv at hente fra serveren igen
            </Button>
          </div>
        )}
        {source.kind === 'server' && localCopy && (
          <div className="fb-form-note fees-local-note" role="status">
            <p className="fees-local-note__title">Der ligger ikke-gemte indstillinger i denne browser.</p>
            <p>
              De blev gemt lokalt {formatDateTime(localCopy.savedAt)}, mens gebyr-API'et var utilgængeligt, og er ikke
              gemt på serveren.
            </p>
            <div className="fb-row">
              <Button variant="secondary" size="small" onClick={fillFromLocalCopy}>
                Indsæt de lokale værdier
              </Button>
              <Button variant="ghost" size="small" onClick={discardLocalCopy}>
                Kassér de lokale værdier
              </Button>
            </div>
          </div>
        )}
        {source.kind === 'server' && (
          <p className="fees-section__meta">
            {source.updatedAt ? `Sidst ændret ${formatDateTime(source.updatedAt)}.` : 'Platformens standardværdier – endnu ikke ændret.'}
          </p>
        )}
        <form
          className="fees-settings-form"
          noValidate
          onSubmit={form.handleSubmit(() => save(form.getValues()), refused)}
          aria-label="Platformsindstillinger"
        >
          <div className="fees-settings-form__grid">
            {SETTINGS_FIELDS.map((field) => (
              <Field
                key={field}
                label={FIELD_INFO[field].label}
                hint={hintFor(field, state.settings)}
                inputMode={FIELD_INFO[field].whole ? 'numeric' : 'decimal'}
                autoComplete="off"
                error={errors[field]?.message}
                {...form.register(field, { onChange: () => setNotice(null) })}
              />
            ))}
          </div>
          {formError && (
            <p className="fb-form-error" role="alert">
              {formError}
            </p>
          )}
          <div className="fb-row">
            <Button type="submit" loading={saving}>
              Gem indstillinger
            </Button>
            <p className={notice?.tone === 'warning' ? 'fees-warning' : 'admin-notice'} role="status">
              {notice?.text}
            </p>
          </div>
        </form>
      </>
    );
  }

  return (
    <section className="fb-card fb-stack fees-section" aria-labelledby="platform-settings-title">
      <div>
        <h3 id="platform-settings-title" className="fees-section__title">
          Platformsindstillinger
        </h3>
        <p className="fees-section__lead">Gebyrer og moms, som kundens pris beregnes med, og hvor mange bud en opgave højst kan få.</p>
      </div>
      {body}
    </section>
  );
}
