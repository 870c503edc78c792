import type { ReactNode } from 'react';
import { Outlet } from 'react-router-dom';
import { FlashMessage, Toaster } from '@fragtbud/web';
import { ScrollToTop } from '../routing/scroll-to-top';
import { OfflineQueueMount } from '../offline/offline-queue-mount';
import { NotificationBar } from './notification-bar';
import { SessionExpiredNotice } from './session-expired-notice';
import { SiteFooter } from './site-footer';
import { SiteHeader } from './site-header';
import { useLiveConnection } from './use-live-connection';

/** `accountExtras` is composed by the route table (the layout never imports a feature). */
export function AppLayout({ accountExtras }: { accountExtras?: ReactNode } = {}) {
  useLiveConnection();
  return (
    <div className="app">
      <a href="#main" className="skip-link">
        Gå til indhold
      </a>
      <ScrollToTop />
      <SiteHeader accountExtras={accountExtras} />
      <NotificationBar />
      <OfflineQueueMount />
      <main id="main" className="app__main" tabIndex={-1}>
        <SessionExpiredNotice />
        <FlashMessage />
        <Outlet />
      </main>
      <SiteFooter />
      <Toaster />
    </div>
  );
}
