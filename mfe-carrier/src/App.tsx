import { Link } from 'react-router-dom';
import { PageHeader } from '@fragtbud/web';

/**
 * The carrier's part of the product, exposed to the shell as `./App`. Bidding lives on the task page (the shell mounts
 * `./BidPanel` on the bids tab); pickup and delivery proofs and carrier finance come with later issues.
 */
export default function CarrierApp() {
  return (
    <section className="fb-container" aria-labelledby="carrier-title">
      <PageHeader title="Vognmand" />
      <div className="fb-card">
        <h2 id="carrier-title">Kørsler og økonomi kommer snart</h2>
        <p>
          Du byder på en opgave fra opgavens side under fanen Bud. Her kommer du til at dokumentere afhentning og levering
          og følge din økonomi.
        </p>
        <Link className="fb-button fb-button--secondary" to="/tasks?available=true">
          Se opgaver, du kan byde på
        </Link>
      </div>
    </section>
  );
}
