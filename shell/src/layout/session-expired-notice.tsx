import { Link, useLocation } from 'react-router-dom';
import { ERROR_MESSAGES, loginPathFor, useSession } from '@fragtbud/web';

/**
 * A call answered 401 while the user was signed in (the cookie ran out or was revoked): say so on every page until
 * the user signs in again, instead of leaving a half-finished flow with a bare error.
 */
export function SessionExpiredNotice() {
  const expired = useSession((state) => state.expired);
  const location = useLocation();
  if (!expired) return null;
  const onLoginPage = location.pathname === '/login';
  return (
    <div className="fb-container">
      <p className="fb-flash fb-flash--error" role="alert">
        {ERROR_MESSAGES.sessionExpired}
        {!onLoginPage && (
          <>
            {' '}
            <Link to={loginPathFor(`${location.pathname}${location.search}`)}>Log ind</Link>
          </>
        )}
      </p>
    </div>
  );
}
