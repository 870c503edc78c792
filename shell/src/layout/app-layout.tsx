import { Outlet } from 'react-router-dom';
import { FlashMessage } from '@fragtbud/web';
import { ScrollToTop } from '../routing/scroll-to-top';
import { NotificationBar } from './notification-bar';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';

export function AppLayout() {
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Gå til indhold
      </a>
      <ScrollToTop />
      <SiteHeader />
      <NotificationBar />
      <main id="main" className="app__main" tabIndex={-1}>
        <FlashMessage />
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
