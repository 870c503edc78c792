import { Route } from 'react-router-dom';
import { AboutPage, ContactPage, CookiesPage, FaqPage, HelpPage, HowItWorksPage, PrivacyPage, SafetyPage, TermsPage } from './pages';

/** The information pages every footer link leads to (issue 13). */
export const legalPages = [
  { path: 'terms', element: <TermsPage /> },
  { path: 'privacy', element: <PrivacyPage /> },
  { path: 'cookies', element: <CookiesPage /> },
  { path: 'contact', element: <ContactPage /> },
  { path: 'about', element: <AboutPage /> },
  { path: 'how-it-works', element: <HowItWorksPage /> },
  { path: 'faq', element: <FaqPage /> },
  { path: 'safety', element: <SafetyPage /> },
  { path: 'help', element: <HelpPage /> },
] as const;

export const legalRoutes = legalPages.map(({ path, element }) => <Route key={path} path={path} element={element} />);
