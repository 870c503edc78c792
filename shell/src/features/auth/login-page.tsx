import { useEffect, useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { loginBodySchema, messages, type LoginBody } from '@fragtbud/contracts';
import { Button, Field, hasErrorCode, isApiError, registerPathFor, useSession } from '@fragtbud/web';
import { fieldError, useContractForm } from '@fragtbud/web/forms';
import { safeNextPath } from '../../routing/login-redirect';
import { useDocumentTitle } from '../../routing/use-document-title';
import { OidcLoginLink } from './oidc-login-link';
import { ResendVerification } from './resend-verification';
import { TwoFactorStep } from './two-factor-step';
import './auth.css';

/**
 * After a provider login of a user with two-factor on, the callback sends the browser to
 * `/login?oidc=two_factor#challenge=…&email=…&next=…` (a fragment: never sent to a server): the code step comes next.
 */
function oidcTwoFactorFromLocation(): { challenge: string; email: string; next: string | null } | null {
  if (typeof window === 'undefined' || !new URLSearchParams(window.location.search).has('oidc')) return null;
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const challenge = fragment.get('challenge');
  const email = fragment.get('email');
  return challenge && email ? { challenge, email, next: fragment.get('next') } : null;
}

export function LoginPage() {
  useDocumentTitle('Log ind');
  const [searchParams] = useSearchParams();
  const navigate = useNavigate();
  const user = useSession((state) => state.user);
  const login = useSession((state) => state.login);
  // The server's login schema checks the form before anything is sent (errors shown once the user has tried).
  const form = useContractForm(loginBodySchema, { mode: 'onSubmit', defaultValues: { email: '', password: '' } });
  const email = form.watch('email');
  const [formError, setFormError] = useState<string | null>(null);
  const [oidcStep] = useState(oidcTwoFactorFromLocation);
  const [challenge, setChallenge] = useState<string | null>(oidcStep?.challenge ?? null);
  const [unverified, setUnverified] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const next = safeNextPath(oidcStep?.next ?? searchParams.get('next'));
  // The challenge leaves the address bar (and the history entry) as soon as it is read.
  useEffect(() => {
    if (oidcStep) window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}`);
  }, [oidcStep]);
  if (user && !submitting) return <Navigate to={next} replace />;

  // A keyboard user lands where the fix is: the first field in error (the form focuses it), or the password after a
  // refusal (the button they pressed was disabled while the request ran, which drops focus to the page's start).
  const refused = () => {
    setFormError(null);
    setChallenge(null);
    setUnverified(false);
  };

  const signIn = async (values: LoginBody) => {
    refused();
    setSubmitting(true);
    try {
      const outcome = await login({ email: values.email.trim(), password: values.password });
      if (outcome.kind === 'two-factor-required') {
        setChallenge(outcome.challenge);
        setSubmitting(false);
        return;
      }
      navigate(next, { replace: true });
    } catch (error) {
      setFormError(isApiError(error) ? error.message : messages.couldNotLogIn);
      setUnverified(hasErrorCode(error, 'email_not_verified'));
      setSubmitting(false);
      form.setFocus('password');
    }
  };

  const registerLink = registerPathFor(searchParams.get('next') ? next : null);

  return (
    <div className="auth-page fb-container">
      <div className="auth-card fb-card">
        <h1 className="auth-card__title">Log ind</h1>
        <p className="auth-card__lead">Log ind for at se dine opgaver, bud og beskeder.</p>
        {challenge ? (
          <TwoFactorStep
            email={oidcStep && challenge === oidcStep.challenge ? oidcStep.email : email.trim().toLowerCase()}
            challenge={challenge}
            onSignedIn={() => navigate(next, { replace: true })}
          />
        ) : (
        <form className="fb-stack" onSubmit={form.handleSubmit(signIn, refused)} noValidate aria-label="Log ind">
          {formError && (
            <p className="fb-form-error" role="alert">
              {formError}
            </p>
          )}
          {unverified && <ResendVerification email={email.trim()} />}
          <Field
            label="E-mail"
            type="email"
            autoComplete="email"
            {...form.register('email')}
            error={fieldError(form, 'email')}
            required
          />
          <Field
            label="Adgangskode"
            type="password"
            autoComplete="current-password"
            {...form.register('password')}
            error={fieldError(form, 'password')}
            required
          />
          <Button type="submit" size="large" fullWidth loading={submitting}>
            Log ind
          </Button>
          <p className="auth-card__switch">
            {/* The e-mail typed here goes along (router state, not the address bar), so it need not be typed twice. */}
            <Link to="/forgot-password" state={{ email: email.trim() }}>
              Glemt adgangskode?
            </Link>
          </p>
          <OidcLoginLink next={next} />
        </form>
        )}
        <p className="auth-card__switch">
          Har du ikke en bruger? <Link to={registerLink}>Opret bruger</Link>
        </p>
      </div>
    </div>
  );
}
