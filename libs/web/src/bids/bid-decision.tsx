import { useState } from 'react';
import type { AdminBid, BidView, CustomerBid } from '@fragtbud/contracts';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { invalidateTask } from '../query/invalidate-task';
import { formatDkkFromKroner } from '../format/money';
import { useSingleFlight } from '../hooks/use-single-flight';
import { Button } from '../ui/button';
import { Modal } from '../ui/modal';
import { BID_NOT_ACCEPTED, BID_NOT_REJECTED, decisionFailure, isBidChanged, type BidDecisionCalls } from './decision-failure';
import './bids.css';

export interface BidDecisionProps {
  /** A bid as its task's owner or an admin sees it (both views carry the gross total). */
  bid: CustomerBid | AdminBid;
  /** Called with the bid as the server answered after it was accepted or rejected. */
  onDecided: (bid: BidView) => void;
  /** The carrier changed the price after it was shown, so nothing was chosen: reload the bids and say so. */
  onPriceChanged?: () => void;
  /** The accept and reject calls, from the feature that owns the choice. */
  calls: BidDecisionCalls;
}

type Step = 'idle' | 'accept' | 'reject';

function FailureText({ failure }: { failure: { message: string; reason: string | null } }) {
  return (
    <div className="fb-form-error" role="alert">
      {failure.message}
      {failure.reason && <span className="fb-bid-decision__reason">{failure.reason}</span>}
    </div>
  );
}

/**
 * 'Vælg bud' and 'Afvis' for one pending bid, each behind a confirmation: choosing shows the gross total the customer
 * will pay (spec section 4) and assigns the task; rejecting frees the bid's slot.
 */
export function BidDecision({ bid, onDecided, onPriceChanged, calls }: BidDecisionProps) {
  const [step, setStep] = useState<Step>('idle');
  const client = useQueryClient();
  // A choice changes the task (assigned, lowest bid), every bid of it and the task lists.
  const decided = () => void invalidateTask(client, bid.task_id);
  const accept = useMutation({
    mutationFn: ({ bidId, expectedTotal }: { bidId: number; expectedTotal: number }) => calls.accept(bidId, expectedTotal),
    onSuccess: decided,
    onError: (error) => {
      if (!isBidChanged(error)) return;
      // The carrier changed the price after it was shown: nothing was chosen; the bids are stale.
      setStep('idle');
      decided();
      onPriceChanged?.();
    },
  });
  const reject = useMutation({ mutationFn: (bidId: number) => calls.reject(bidId), onSuccess: decided });
  // A double click on the dialog's button must not send the choice twice (the button disables one render later).
  const flight = useSingleFlight();
  const payer = bid.view === 'customer' ? 'Du betaler' : 'Kunden betaler';
  const pending = accept.isPending || reject.isPending || flight.busy;

  const open = (next: Step) => {
    accept.reset();
    reject.reset();
    setStep(next);
  };
  const close = () => !pending && setStep('idle');

  const confirm = () =>
    flight.run(async () => {
      const answer =
        step === 'accept' ? await accept.mutateAsync({ bidId: bid.id, expectedTotal: bid.quote.total }) : await reject.mutateAsync(bid.id);
      setStep('idle');
      onDecided(answer);
    });

  return (
    <div className="fb-bid-decision">
      <Button size="small" onClick={() => open('accept')} aria-label={`Vælg bud fra ${bid.carrier_name}`}>
        Vælg bud
      </Button>
      <Button size="small" variant="ghost" onClick={() => open('reject')} aria-label={`Afvis bud fra ${bid.carrier_name}`}>
        Afvis
      </Button>
      <Modal
        open={step === 'accept'}
        role="alertdialog"
        title={`Vælg bud fra ${bid.carrier_name}?`}
        onClose={close}
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={pending}>
              Annuller
            </Button>
            <Button loading={accept.isPending || (step === 'accept' && flight.busy)} onClick={confirm}>
              Vælg bud
            </Button>
          </>
        }
      >
        <p className="fb-bid-decision__total">
          {payer} <strong>{formatDkkFromKroner(bid.quote.total)}</strong> inkl. moms og gebyrer.
        </p>
        <p className="fb-muted">
          Opgaven tildeles {bid.carrier_name}, og de andre bud på opgaven afvises. Det kan ikke fortrydes.
        </p>
        {accept.error ? <FailureText failure={decisionFailure(accept.error, BID_NOT_ACCEPTED)} /> : null}
      </Modal>
      <Modal
        open={step === 'reject'}
        role="alertdialog"
        title={`Afvis bud fra ${bid.carrier_name}?`}
        onClose={close}
        footer={
          <>
            <Button variant="ghost" onClick={close} disabled={pending}>
              Annuller
            </Button>
            <Button variant="danger" loading={reject.isPending || (step === 'reject' && flight.busy)} onClick={confirm}>
              Afvis bud
            </Button>
          </>
        }
      >
        <p>Buddet på {formatDkkFromKroner(bid.quote.total)} afvises, og vognmanden kan ikke længere vælges.</p>
        {reject.error ? <FailureText failure={decisionFailure(reject.error, BID_NOT_REJECTED)} /> : null}
      </Modal>
    </div>
  );
}

/** Whether a bid can still be chosen or rejected: it is pending, the task is open and no bid has been chosen. */
export function isBidDecidable(bid: BidView, context: { taskOpen: boolean; anyAccepted: boolean }): boolean {
  return bid.status === 'pending' && context.taskOpen && !context.anyAccepted && bid.view !== 'carrier';
}
