import { Link } from 'react-router-dom';
import { PageHeader } from '@fragtbud/web';

/**
 * The carrier's part of the product, exposed to the shell as `./App`. Bidding lives on the task page (the shell mounts
 * `./BidPanel` on the bids tab), pickup and delivery on the task page (`./DeliveryPanel`), finances on the profile
 * (`./FinancePanel`).
 */
export default function CarrierApp() {
  return (
    <section className="fb-container" aria-labelledby="carrier-title">
      <PageHeader title="Vognmand" />
      <div className="fb-card">
        <h2 id="carrier-title">Kørsler og økonomi</h2>
        <p>
          Du byder på en opgave fra opgavens side under fanen Bud, og du dokumenterer afhentning og levering på opgavens
          side. Din økonomi og dine udbetalinger finder du under Profil → Økonomi.
        </p>
        <Link className="fb-button fb-button--secondary" to="/tasks?available=true">
          Se opgaver, du kan byde på
        </Link>{' '}
        <Link className="fb-button fb-button--secondary" to="/profile?tab=financial">
          Se din økonomi
        </Link>
      </div>
    </section>
  );
}
