import { bidStatusLabels, bidStatuses, type BidStatus } from '@fragtbud/contracts';
import './bids.css';

export function isBidStatus(value: unknown): value is BidStatus {
  return typeof value === 'string' && (bidStatuses as readonly string[]).includes(value);
}

/** The Danish label of a bid's status ('Afventer', 'Accepteret', 'Afvist'); an unknown value is shown as it came. */
export function bidStatusLabel(status: string | null | undefined): string {
  if (!status) return '–';
  return isBidStatus(status) ? bidStatusLabels[status] : status;
}

const TONES: Record<BidStatus, 'info' | 'success' | 'danger'> = {
  pending: 'info',
  accepted: 'success',
  rejected: 'danger',
};

/** A coloured pill with the bid status' Danish label. */
export function BidStatusBadge({ status }: { status: string }) {
  const tone = isBidStatus(status) ? TONES[status] : 'info';
  return <span className={`fb-badge fb-bid-status fb-bid-status--${tone}`}>{bidStatusLabel(status)}</span>;
}
