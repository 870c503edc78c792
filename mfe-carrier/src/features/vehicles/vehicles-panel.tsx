import { useEffect, useRef, useState } from 'react';
import {
  carrierFieldProfileBodySchema,
  regionLabels,
  regions,
  vehicleTypeLabels,
  vehicleTypes,
  vehiclesPerCarrierMax,
  type CarrierFieldProfile,
  type Region,
  type VehicleType,
} from '@fragtbud/contracts';
import { Button, ErrorState, Spinner, isApiError, newIdempotencyKey, toast } from '@fragtbud/web';
import { useCreateAlert } from '../alerts';
import { useFieldProfile, useSaveFieldProfile } from './api';

interface VehicleDraft {
  type: VehicleType;
  capacityM3: string;
  maxKg: string;
  tailLift: boolean;
}

const blankVehicle = (): VehicleDraft => ({ type: 'van', capacityM3: '', maxKg: '', tailLift: false });

/**
 * 'Køretøjer' on the carrier's profile: the vehicles (at most 10) and the regions they drive in, shown to customers on
 * the carrier page and in bid tables. A first save with regions offers a load alert for them.
 */
export function VehiclesPanel() {
  const profile = useFieldProfile();
  const save = useSaveFieldProfile();
  const createAlert = useCreateAlert();
  const [vehicles, setVehicles] = useState<VehicleDraft[] | null>(null);
  const [coverage, setCoverage] = useState<Region[]>([]);
  const [error, setError] = useState<string | null>(null);
  const [offer, setOffer] = useState<CarrierFieldProfile['suggestedAlert']>(null);
  const alertKey = useRef(newIdempotencyKey());

  useEffect(() => {
    if (profile.data && vehicles === null) {
      setVehicles(profile.data.vehicles.map((v) => ({ type: v.type, capacityM3: String(v.capacityM3).replace('.', ','), maxKg: String(v.maxKg), tailLift: v.tailLift })));
      setCoverage(profile.data.coverageRegions);
    }
  }, [profile.data, vehicles]);

  if (profile.isPending) return <Spinner label="Henter køretøjer…" />;
  if (profile.error) return <ErrorState message="Kunne ikke hente køretøjer." onRetry={() => void profile.refetch()} />;
  const list = vehicles ?? [];
  const change = (index: number, patch: Partial<VehicleDraft>) => setVehicles(list.map((v, i) => (i === index ? { ...v, ...patch } : v)));

  const onSave = async () => {
    setError(null);
    const parsed = carrierFieldProfileBodySchema.safeParse({ vehicles: list.map((v) => ({ ...v, maxKg: v.maxKg.trim() })), coverageRegions: coverage });
    if (!parsed.success) {
      setError(parsed.error.issues[0]?.message ?? 'Ugyldige felter');
      return;
    }
    try {
      const saved = await save.mutateAsync(parsed.data);
      setOffer(saved.suggestedAlert);
      toast.success('Køretøjer og dækningsområder er gemt');
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'Kunne ikke gemme.');
    }
  };

  const onCreateAlert = async () => {
    if (!offer) return;
    try {
      await createAlert.mutateAsync({ body: { name: offer.name, fromRegions: offer.fromRegions, toRegions: [], types: [], pickupFrom: null, pickupTo: null, email: 'instant' }, idempotencyKey: alertKey.current });
      setOffer(null);
      toast.success('Jobalarmen er oprettet');
    } catch (caught) {
      setError(isApiError(caught) ? caught.message : 'Kunne ikke oprette jobalarmen.');
    }
  };

  return (
    <section className="fb-card alerts-panel" aria-labelledby="vehicles-title">
      <h2 id="vehicles-title">Køretøjer og dækningsområder</h2>
      <p>Kunderne ser dine køretøjer og områder på din side og ved dine bud.</p>
      {list.map((vehicle, index) => (
        <fieldset key={index} className="alert-form__choices">
          <legend>Køretøj {index + 1}</legend>
          <label>
            Type{' '}
            <select value={vehicle.type} onChange={(event) => change(index, { type: event.target.value as VehicleType })}>
              {vehicleTypes.map((type) => (
                <option key={type} value={type}>
                  {vehicleTypeLabels[type]}
                </option>
              ))}
            </select>
          </label>
          <label>
            Kapacitet (m³) <input inputMode="decimal" value={vehicle.capacityM3} onChange={(event) => change(index, { capacityM3: event.target.value })} />
          </label>
          <label>
            Maks. last (kg) <input inputMode="numeric" value={vehicle.maxKg} onChange={(event) => change(index, { maxKg: event.target.value })} />
          </label>
          <label className="alert-form__choice">
            <input type="checkbox" checked={vehicle.tailLift} onChange={(event) => change(index, { tailLift: event.target.checked })} /> Lift
          </label>
          <Button size="small" variant="ghost" onClick={() => setVehicles(list.filter((_, i) => i !== index))}>
            Fjern
          </Button>
        </fieldset>
      ))}
      {list.length < vehiclesPerCarrierMax && (
        <Button variant="secondary" onClick={() => setVehicles([...list, blankVehicle()])}>
          Tilføj køretøj
        </Button>
      )}
      <fieldset className="alert-form__choices">
        <legend>Jeg kører i</legend>
        {regions.map((region) => (
          <label key={region} className="alert-form__choice">
            <input type="checkbox" checked={coverage.includes(region)} onChange={(event) => setCoverage(event.target.checked ? [...coverage, region] : coverage.filter((r) => r !== region))} />{' '}
            {regionLabels[region]}
          </label>
        ))}
      </fieldset>
      {error && (
        <p className="fb-error" role="alert">
          {error}
        </p>
      )}
      <Button onClick={() => void onSave()} loading={save.isPending}>
        Gem
      </Button>
      {offer && (
        <div className="fb-card" role="status">
          <p>Vil du have besked om nye opgaver i dine områder? Vi kan oprette jobalarmen »{offer.name}«.</p>
          <Button onClick={() => void onCreateAlert()} loading={createAlert.isPending}>
            Opret jobalarm
          </Button>{' '}
          <Button variant="secondary" onClick={() => setOffer(null)}>
            Nej tak
          </Button>
        </div>
      )}
    </section>
  );
}
