import { Link } from 'react-router-dom';
import { PageHeader } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';

/** Return address after card payment; confirming the payment's status arrives with the payments issue. */
export function PaymentSuccessPage() {
  useDocumentTitle('Betaling');
  return (
    <div className="fb-container page">
      <PageHeader title="Betaling" />
      <div className="fb-card">
        <p>Vi behandler din betaling. Opgavens status opdateres, så snart betalingen er registreret.</p>
        <Link className="fb-button fb-button--primary" to="/dashboard">
          Gå til dashboard
        </Link>
      </div>
    </div>
  );
}
