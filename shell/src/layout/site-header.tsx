import { useEffect, useRef, useState } from 'react';
import { Link, NavLink, useLocation, useNavigate } from 'react-router-dom';
import { Button, displayName, RoleBadge, useSession } from '@fragtbud/web';
import type { ReactNode } from 'react';
import { BrandLogo } from './brand-logo';
import { headerLinksFor } from './navigation';
import './site-header.css';

/** `accountExtras`: what the route table puts beside the signed-in user's chip (the unread chat count). */
export function SiteHeader({ accountExtras }: { accountExtras?: ReactNode }) {
  const user = useSession((state) => state.user);
  const status = useSession((state) => state.status);
  const logout = useSession((state) => state.logout);
  const navigate = useNavigate();
  const location = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [signingOut, setSigningOut] = useState(false);

  // The mobile menu closes whenever the user navigates.
  useEffect(() => setMenuOpen(false), [location.pathname, location.search]);

  // Escape closes it and puts the keyboard back on the toggle: the link that had focus is hidden with the menu.
  const toggleRef = useRef<HTMLButtonElement>(null);
  useEffect(() => {
    if (!menuOpen) return;
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setMenuOpen(false);
      toggleRef.current?.focus();
    };
    document.addEventListener('keydown', onKeyDown);
    return () => document.removeEventListener('keydown', onKeyDown);
  }, [menuOpen]);

  const onLogout = async () => {
    setSigningOut(true);
    await logout();
    setSigningOut(false);
    navigate('/');
  };

  const links = headerLinksFor(user?.role ?? null);
  const name = user ? displayName(user) : '';

  return (
    <header className="site-header">
      <div className="fb-container site-header__inner">
        <Link to="/" className="site-header__brand" aria-label="Fragtbud – forsiden">
          <BrandLogo />
        </Link>
        <button
          type="button"
          ref={toggleRef}
          className="site-header__toggle"
          aria-expanded={menuOpen}
          aria-controls="site-menu"
          aria-label={menuOpen ? 'Luk menu' : 'Åbn menu'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className="site-header__toggle-bars" aria-hidden="true" />
        </button>
        <div id="site-menu" className={`site-header__menu${menuOpen ? ' is-open' : ''}`}>
          <nav aria-label="Hovedmenu" className="site-nav">
            <ul className="site-nav__list">
              {links.map((link) => (
                <li key={link.to}>
                  <NavLink to={link.to} className="site-nav__link" onClick={() => setMenuOpen(false)}>
                    {link.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </nav>
          <div className="site-header__account">
            {user ? (
              <>
                {accountExtras}
                <div className="account-chip">
                  <span className="account-chip__avatar" aria-hidden="true">
                    {name.charAt(0).toUpperCase()}
                  </span>
                  <span className="account-chip__text">
                    <span className="account-chip__name">{name}</span>
                    <RoleBadge role={user.role} />
                  </span>
                </div>
                <Button variant="secondary" size="small" onClick={onLogout} loading={signingOut}>
                  Log ud
                </Button>
              </>
            ) : status === 'ready' ? (
              <>
                <Link to="/login" className="fb-button fb-button--ghost fb-button--small">
                  Log ind
                </Link>
                <Link to="/register" className="fb-button fb-button--primary fb-button--small">
                  Opret bruger
                </Link>
              </>
            ) : null}
          </div>
        </div>
      </div>
    </header>
  );
}
