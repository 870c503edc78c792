import { useEffect, useRef, useState, type FormEvent } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router-dom';
import { loginBodySchema, messages } from '@fragtbud/contracts';
import { Button, Field, fieldErrorsFromZod, hasErrorCode, isApiError, registerPathFor, useSession } from '@fragtbud/web';
import { safeNextPath } from '../../routing/login-redirect';
import { useDocumentTitle } from '../../routing/use-document-title';
import { OidcLoginLink } from './oidc-login-link';
import { ResendVerification } from './resend-verification';
import { TwoFactorStep } from './two-factor-step';
import './auth.css';

interface LoginErrors {
  email?: string;
  password?: string;
}

/** The server's login schema checks the form before anything is sent. */
function validate(email: string, password: string): LoginErrors {
  const result = loginBodySchema.safeParse({ email, password });
  if (result.success) return {};
  const found = fieldErrorsFromZod(result.error);
  return { email: found.email, password: found.password };
}

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
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<LoginErrors>({});
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
  // A keyboard user lands where the fix is: the first field in error, or the password after a refusal (the button
  // they pressed was disabled while the request ran, which drops focus to the page's start).
  const emailRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);

  if (user && !submitting) return <Navigate to={next} replace />;

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const found = validate(email, password);
    setErrors(found);
    setFormError(null);
    setChallenge(null);
    setUnverified(false);
    if (found.email || found.password) {
      (found.email ? emailRef : passwordRef).current?.focus();
      return;
    }

    setSubmitting(true);
    try {
      const outcome = await login({ email: email.trim(), password });
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
      passwordRef.current?.focus();
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
        <form className="fb-stack" onSubmit={onSubmit} noValidate aria-label="Log ind">
          {formError && (
            <p className="fb-form-error" role="alert">
              {formError}
            </p>
          )}
          {unverified && <ResendVerification email={email.trim()} />}
          <Field
            label="E-mail"
            name="email"
            type="email"
            autoComplete="email"
            ref={emailRef}
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            error={errors.email}
            required
          />
          <Field
            label="Adgangskode"
            name="password"
            type="password"
            autoComplete="current-password"
            ref={passwordRef}
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            error={errors.password}
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
