import { CarrierListsSection } from '../carrier-lists';
import { PlatformSettingsSection } from './platform-settings-section';
import { TaskTypesSection } from './task-types-section';
import './fees.css';

/** Gebyrhåndtering (spec section 2): platform settings, carrier lists A/B/C and the per-type max-bids table. */
export function FeesTab() {
  return (
    <section aria-labelledby="fees-tab-title" className="fb-stack fees-tab">
      <h2 id="fees-tab-title" className="admin-panel__title">
        Gebyrhåndtering
      </h2>
      <PlatformSettingsSection />
      <CarrierListsSection />
      <TaskTypesSection />
    </section>
  );
}
