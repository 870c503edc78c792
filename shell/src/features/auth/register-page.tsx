import { useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate } from 'react-router-dom';
import { messages } from '@fragtbud/contracts';
import { Button, Field, fieldErrorsOf, isApiError, useSession, type RegisterInput } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';
import { PASSWORD_MIN_LENGTH, validateRegistration, type RegistrationErrors, type RegistrationForm } from './validate-registration';

const EMPTY_FORM: RegistrationForm = {
  role: 'customer',
  name: '',
  email: '',
  password: '',
  confirmPassword: '',
  company: '',
  phone: '',
};

const ROLE_OPTIONS = [
  { value: 'customer', label: 'Kunde', description: 'Jeg skal have flyttet eller fragtet noget.' },
  { value: 'carrier', label: 'Vognmand', description: 'Jeg kører opgaver og vil give tilbud.' },
] as const;

export function RegisterPage() {
  useDocumentTitle('Opret bruger');
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const register = useSession((state) => state.register);
  const [form, setForm] = useState<RegistrationForm>(EMPTY_FORM);
  const [errors, setErrors] = useState<RegistrationErrors>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);

  if (user && !submitting) return <Navigate to="/dashboard" replace />;

  const update = (key: keyof RegistrationForm) => (event: { target: { value: string } }) =>
    setForm((current) => ({ ...current, [key]: event.target.value }));
  const isCarrier = form.role === 'carrier';

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validateRegistration(form);
    setErrors(found);
    setFormError(null);
    if (Object.keys(found).length > 0) return;

    const input: RegisterInput = {
      name: form.name.trim(),
      email: form.email.trim(),
      password: form.password,
      role: form.role,
      ...(isCarrier && form.company.trim() ? { company: form.company.trim() } : {}),
      ...(isCarrier && form.phone.trim() ? { phone: form.phone.trim() } : {}),
    };
    setSubmitting(true);
    try {
      await register(input);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setErrors(fieldErrorsOf(error) as RegistrationErrors);
      setFormError(isApiError(error) ? error.message : messages.couldNotCreateUser);
      setSubmitting(false);
    }
  };

  return (
    <div className="auth-page fb-container">
      <div className="auth-card auth-card--wide fb-card">
        <h1 className="auth-card__title">Opret bruger</h1>
        <p className="auth-card__lead">Det er gratis at oprette en bruger hos Fragtbud.</p>
        <form className="fb-stack" onSubmit={onSubmit} noValidate aria-label="Opret bruger">
          {formError && (
            <p className="fb-form-error" role="alert">
              {formError}
            </p>
          )}
          <fieldset className="role-choice">
            <legend className="fb-field__label">Hvem er du?</legend>
            <div className="role-choice__options">
              {ROLE_OPTIONS.map((option) => (
                <label key={option.value} className={`role-option${form.role === option.value ? ' is-selected' : ''}`}>
                  <input
                    type="radio"
                    name="role"
                    value={option.value}
                    checked={form.role === option.value}
                    onChange={() => setForm((current) => ({ ...current, role: option.value }))}
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
          <Field label="Navn" name="name" autoComplete="name" value={form.name} onChange={update('name')} error={errors.name} required />
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            value={form.email}
            onChange={update('email')}
            error={errors.email}
            required
          />
          {isCarrier && (
            <div className="form-grid">
              <Field
                label="Firma"
                name="company"
                autoComplete="organization"
                value={form.company}
                onChange={update('company')}
                error={errors.company}
                hint="Valgfrit"
              />
              <Field
                label="Telefon"
                name="phone"
                type="tel"
                autoComplete="tel"
                value={form.phone}
                onChange={update('phone')}
                error={errors.phone}
                hint="Valgfrit"
              />
            </div>
          )}
          <div className="form-grid">
            <Field
              label="Adgangskode"
              name="password"
              type="password"
              autoComplete="new-password"
              value={form.password}
              onChange={update('password')}
              error={errors.password}
              hint={`Mindst ${PASSWORD_MIN_LENGTH} tegn`}
              required
            />
            <Field
              label="Gentag adgangskode"
              name="confirmPassword"
              type="password"
              autoComplete="new-password"
              value={form.confirmPassword}
              onChange={update('confirmPassword')}
              error={errors.confirmPassword}
              required
            />
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
