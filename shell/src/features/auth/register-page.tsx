import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { Button, Field, fieldErrorsOf, isApiError, useSession, type RegisterInput } from '@fragtbud/web';
import { useContractForm } from '@fragtbud/web/forms';
import { safeNextPath } from '../../routing/login-redirect';
import { useDocumentTitle } from '../../routing/use-document-title';
import { PASSWORD_MIN_LENGTH, registrationFormSchema, type RegistrationForm } from './validate-registration';
import './auth.css';

const EMPTY_FORM: RegistrationForm = {
  role: 'customer',
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  company: '',
  phone: '',
  acceptTerms: false,
};

const ROLE_OPTIONS = [
  { value: 'customer', label: 'Kunde', description: 'Jeg skal have flyttet eller fragtet noget.' },
  { value: 'carrier', label: 'Vognmand', description: 'Jeg kører opgaver og vil give tilbud.' },
] as const;

/** `?email=` (a guest's task names the address to use): taken when it looks like an e-mail, else the field stays empty. */
function prefilledEmail(value: string | null): string {
  const email = value?.trim() ?? '';
  return email.length <= 254 && /^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) ? email : '';
}

export function RegisterPage() {
  useDocumentTitle('Opret bruger');
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const next = safeNextPath(searchParams.get('next'));
  const user = useSession((state) => state.user);
  const register = useSession((state) => state.register);
  const { register: field, handleSubmit, watch, setError, formState } = useContractForm(registrationFormSchema, {
    mode: 'onSubmit',
    defaultValues: { ...EMPTY_FORM, email: prefilledEmail(searchParams.get('email')) },
  });
  const errors = Object.fromEntries(Object.entries(formState.errors).map(([key, error]) => [key, error?.message])) as Partial<
    Record<keyof RegistrationForm, string>
  >;
  const role = watch('role');
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (user && !submitting) return <Navigate to={next} replace />;

  const isCarrier = role === 'carrier';

  const onSubmit = async (form: RegistrationForm) => {
    setFormError(null);

    const input: RegisterInput = {
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      role: form.role,
      acceptTerms: true,
      ...(isCarrier && form.company.trim() ? { company: form.company.trim() } : {}),
      ...(isCarrier && form.phone.trim() ? { phone: form.phone.trim() } : {}),
      ...(next !== '/dashboard' ? { next } : {}),
    };
    setSubmitting(true);
    try {
      await register(input);
      navigate(next, { replace: true });
    } catch (error) {
      for (const [key, message] of Object.entries(fieldErrorsOf(error))) {
        if (key in EMPTY_FORM) setError(key as keyof RegistrationForm, { message });
      }
      setFormError(isApiError(error) ? error.message : messages.couldNotCreateUser);
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page fb-container">
      <div className="auth-card auth-card--wide fb-card">
        <h1 className="auth-card__title">Opret bruger</h1>
        <p className="auth-card__lead">Det er gratis at oprette en bruger hos Fragtbud.</p>
        <form className="fb-stack" onSubmit={handleSubmit(onSubmit, () => setFormError(null))} noValidate aria-label="Opret bruger">
          {formError && (
            <p className="fb-form-error" role="alert">
              {formError}
            </p>
          )}
          <fieldset className="role-choice">
            <legend className="fb-field__label">Hvem er du?</legend>
            <div className="role-choice__options">
              {ROLE_OPTIONS.map((option) => (
                <label key={option.value} className={`role-option${role === option.value ? ' is-selected' : ''}`}>
                  <input
                    type="radio"
                    value={option.value}
                    {...field('role')}
                    aria-labelledby={`role-${option.value}-label`}
                    aria-describedby={`role-${option.value}-description`}
                  />
                  <span className="role-option__label" id={`role-${option.value}-label`}>
                    {option.label}
                  </span>
                  <span className="role-option__description" id={`role-${option.value}-description`}>
                    {option.description}
                  </span>
                </label>
              ))}
            </div>
          </fieldset>
          <Field label="Navn" autoComplete="name" {...field('name')} error={errors.name} required />
          <Field
            label="E-mail"
            type="email"
            autoComplete="email"
            {...field('email')}
            error={errors.email}
            required
          />
          {isCarrier && (
            <div className="form-grid">
              <Field
                label="Firma"
                  autoComplete="organization"
                {...field('company')}
                error={errors.company}
                hint="Valgfrit"
              />
              <Field
                label="Telefon"
                  type="tel"
                autoComplete="tel"
                {...field('phone')}
                error={errors.phone}
                hint="Valgfrit"
              />
            </div>
          )}
          <div className="form-grid">
            <Field
              label="Adgangskode"
              type="password"
              autoComplete="new-password"
              {...field('password')}
              error={errors.password}
              hint={`Mindst ${PASSWORD_MIN_LENGTH} tegn`}
              required
            />
            <Field
              label="Gentag adgangskode"
              type="password"
              autoComplete="new-password"
              {...field('confirmPassword')}
              error={errors.confirmPassword}
              required
            />
          </div>
          <div className="terms-consent">
            <label className="terms-consent__label">
              <input
                type="checkbox"
                {...field('acceptTerms')}
                aria-invalid={errors.acceptTerms ? true : undefined}
                aria-describedby={errors.acceptTerms ? 'accept-terms-error' : undefined}
              />
              <span>
                Jeg accepterer{' '}
                <Link to="/terms" target="_blank" rel="noopener">
                  Handelsbetingelser
                </Link>{' '}
                og{' '}
                <Link to="/privacy" target="_blank" rel="noopener">
                  Privatlivspolitik
                </Link>
              </span>
            </label>
            {errors.acceptTerms && (
              <p className="fb-field__error" id="accept-terms-error">
                {errors.acceptTerms}
              </p>
            )}
          </div>
          <Button type="submit" size="large" fullWidth loading={submitting}>
            Opret bruger
          </Button>
        </form>
        <p className="auth-card__switch">
          Har du allerede en bruger? <Link to="/login">Log ind</Link>
        </p>
      </div>
    </div>
  );
}
