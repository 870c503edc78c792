import { Link } from 'react-router-dom';
import { PageHeader } from '@fragtbud/web';

/**
 * The carrier's part of the product, exposed to the shell as `./App`. Bidding, pickup and delivery proofs and
 * carrier finance arrive with the bids issue; until then this frame is what the shell can load.
 */
export default function CarrierApp() {
  return (
    <section className="fb-container" aria-labelledby="carrier-title">
      <PageHeader title="Vognmand" />
      <div className="fb-card">
        <h2 id="carrier-title">Bud og kørsler kommer snart</h2>
        <p>Her kommer du til at afgive bud, dokumentere afhentning og levering og følge din økonomi.</p>
        <Link className="fb-button fb-button--secondary" to="/BrowseTasks">
          Se opgaver
        </Link>
      </div>
    </section>
  );
}
