import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { http, HttpResponse } from 'msw';
import { useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { BidView, BidsPage, CarrierSummary, Task, TaskBidding } from '@fragtbud/contracts';
import {
  BidDecision,
  BidsTable,
  Button,
  api,
  isBidDecidable,
  type AdminBidsProps,
  type BidDecisionCalls,
  type BidPanelProps,
  type CarrierBidsProps,
  type ChooseBidProps,
  type PayPanelProps,
  type User,
} from '@fragtbud/web';
import { makeAdminBid, makeBidding, makeCarrierBid, makeCustomerBid, makeUser, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../../../remotes/remote-manifest';
import { renderTaskPage } from '../../../../testing/task-page';
import { makeTask } from '../../../../testing/tasks';
import { stubRemoteContract } from '../../../../testing/remote-contract';

/*
 * The shell side of the bids tab: which remote piece each role gets (through the real RemoteApp and manifest, with the
 * Module Federation runtime mocked), what the shell passes it, and what the shell does when the piece reports back.
 * The stand-in remotes are built from the same @fragtbud/web pieces as the real ones; the real ones have their own
 * tests in mfe-carrier, mfe-customer and mfe-admin.
 */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const server = setupApiServer();

const customer = makeUser({ id: 2, role: 'customer', name: 'Karen Kunde' });
const otherCustomer = makeUser({ id: 9, role: 'customer' });
const carrier = makeUser({ id: 3, role: 'carrier', name: 'Jens Kørsel', is_approved: true });
const admin = makeUser({ id: 1, role: 'admin' });

const panelProps: BidPanelProps[] = [];

function StubBidPanel(props: BidPanelProps) {
  panelProps.push(props);
  const { search } = useLocation();
  return (
    <>
      {props.bidding?.bidding_open && !props.ownBid ? <Button onClick={props.onChanged}>Byd på opgaven</Button> : <p>Budrunden er lukket</p>}
      <output data-testid="panel-search">{search}</output>
    </>
  );
}

const carrierBidsProps: CarrierBidsProps[] = [];

/** mfe_carrier's './CarrierBids' stand-in: the carrier's table as the shell hands it (the real one adds 'Ret bud'). */
function StubCarrierBids(props: CarrierBidsProps) {
  carrierBidsProps.push(props);
  return props.bids.length === 0 ? <p>Du har ikke budt på opgaven.</p> : <BidsTable viewer="carrier" bids={props.bids} carriers={props.carriers} />;
}

/** The remotes' POST /bids/{id}/accept and /reject, as the stand-ins' `BidDecision` runs them. */
const decisionCalls: BidDecisionCalls = {
  accept: (bidId, expectedTotal) => api.post<BidView>(`/bids/${bidId}/accept`, { expectedTotal }),
  reject: (bidId) => api.post<BidView>(`/bids/${bidId}/reject`),
};

function StubChooseBid({ task, bids, carriers, onDecided }: ChooseBidProps) {
  const anyAccepted = bids.some((bid) => bid.status === 'accepted');
  return (
    <BidsTable
      viewer="customer"
      bids={bids}
      carriers={carriers}
      renderActions={(bid) =>
        bid.view !== 'carrier' && isBidDecidable(bid, { taskOpen: task.status === 'open_for_bids', anyAccepted }) ? (
          <BidDecision bid={bid} onDecided={onDecided} calls={decisionCalls} />
        ) : null
      }
    />
  );
}

const adminBidsProps: AdminBidsProps[] = [];

/** mfe_admin's './AdminBids' stand-in: the admin's table with the choice, decided by what the shell hands it. */
function StubAdminBids(props: AdminBidsProps) {
  adminBidsProps.push(props);
  const { task, bids, anyAccepted, carriers, onDecided } = props;
  return (
    <BidsTable
      viewer="admin"
      bids={bids}
      carriers={carriers}
      renderActions={(bid) =>
        bid.view !== 'carrier' && isBidDecidable(bid, { taskOpen: task.status === 'open_for_bids', anyAccepted }) ? (
          <BidDecision bid={bid} onDecided={onDecided} calls={decisionCalls} />
        ) : null
      }
    />
  );
}

/** mfe_customer's './PayPanel' stand-in: its button while the task is assigned. */
function StubPayPanel({ task }: PayPanelProps) {
  return task.status === 'assigned' ? <Button>Betal 1.400,00 DKK</Button> : null;
}

beforeEach(() => {
  panelProps.length = 0;
  carrierBidsProps.length = 0;
  adminBidsProps.length = 0;
  resetRemoteManifest();
  runtime.registerRemotes.mockReset();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id); // the remote's ./contract
    if (id === 'mfe_carrier/BidPanel') return { default: StubBidPanel };
    if (id === 'mfe_carrier/CarrierBids') return { default: StubCarrierBids };
    if (id === 'mfe_customer/ChooseBid') return { default: StubChooseBid };
    if (id === 'mfe_customer/PayPanel') return { default: StubPayPanel };
    if (id === 'mfe_admin/AdminBids') return { default: StubAdminBids };
    throw new Error(`unexpected remote ${id}`);
  });
  server.use(
    http.get('/mf-manifest.json', () =>
      HttpResponse.json({
        remotes: {
          mfe_customer: '/remotes/mfe-customer/remoteEntry.js',
          mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js',
          mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
        },
      }),
    ),
  );
});

/** GET /bids?taskId= answering with `bids` and the round (and GET /carriers with `carriers`); every bids query is recorded. */
function bidsApi(bids: () => BidView[], bidding: () => TaskBidding, carriers: CarrierSummary[] = []) {
  const requests: string[] = [];
  server.use(
    http.get('/api/carriers', ({ request }) => {
      const ids = (new URL(request.url).searchParams.get('ids') ?? '').split(',').map(Number);
      return HttpResponse.json({ items: carriers.filter((carrier) => ids.includes(carrier.id)) });
    }),
    http.get('/api/bids', ({ request }) => {
      requests.push(new URL(request.url).search);
      const page: BidsPage = { items: bids(), total: bids().length, page: 1, limit: 100, bidding: bidding() };
      return HttpResponse.json(page);
    }),
  );
  return requests;
}

const renderBidsTab = (task: Task, viewer: User) => renderTaskPage(server, task, viewer, '?tab=bids');

const panel = () => screen.getByRole('tabpanel');
const loadedRemotes = () => runtime.loadRemote.mock.calls.map(([id]) => id as string).filter((id) => !id.endsWith('/contract'));

describe('bids tab', () => {
  it('shows the customer the count in force, each bid as its gross total, and never net or payout', async () => {
    const bids = [
      makeCustomerBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel', net: 1000 }),
      makeCustomerBid({ id: 2, task_id: 5, carrier_name: 'Hansen Transport', net: 2000 }),
    ];
    const requests = bidsApi(() => bids, () => makeBidding({ task_id: 5, bid_count: 2, max_bids: 5 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2, bid_count: 2 }), customer);

    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(requests).toEqual(['?taskId=5&limit=100']);
    expect(within(panel()).getByText('2/5')).toBeTruthy();
    expect(within(panel()).getByRole('columnheader', { name: 'Pris inkl. moms' })).toBeTruthy();
    expect(within(panel()).getByRole('row', { name: /Jens Kørsel/ }).textContent).toContain('1.400,00 DKK');
    expect(within(panel()).getByRole('row', { name: /Hansen Transport/ }).textContent).toContain('2.775,00 DKK');
    expect(panel().textContent).not.toMatch(/udbetaling|netto|1\.000,00|1\.125,00/i);
    expect(loadedRemotes()).toEqual(['mfe_customer/ChooseBid']);
  });

  it('shows each bidder\'s stars, reviews and badges, and the customer can order the bids by price or by rating', async () => {
    const summary = (id: number, name: string, avg: number, count: number, insured: boolean): CarrierSummary => ({
      id,
      name,
      company: null,
      rating: { avg, count },
      completed_tasks: count * 2,
      badges: { insured, cvr_verified: false },
    });
    const bids = [
      makeCustomerBid({ id: 1, task_id: 5, carrier_id: 21, carrier_name: 'Billig Bo', net: 900 }),
      makeCustomerBid({ id: 2, task_id: 5, carrier_id: 22, carrier_name: 'Dygtige Dorte', net: 2000 }),
      makeCustomerBid({ id: 3, task_id: 5, carrier_id: 23, carrier_name: 'Middel Mads', net: 1200 }),
    ];
    bidsApi(() => bids, () => makeBidding({ task_id: 5, bid_count: 3 }), [
      summary(21, 'Billig Bo', 2.5, 2, false),
      summary(22, 'Dygtige Dorte', 4.9, 40, true),
      summary(23, 'Middel Mads', 4, 3, false),
    ]);
    await renderBidsTab(makeTask({ id: 5, user_id: 2, bid_count: 3 }), customer);

    const names = () => within(panel()).getAllByRole('link').map((link) => link.textContent);
    await within(panel()).findByText('4,9 (40 anmeldelser)');
    expect(names()).toEqual(['Billig Bo', 'Middel Mads', 'Dygtige Dorte']);
    expect(within(within(panel()).getByRole('row', { name: /Dygtige Dorte/ })).getByText('Forsikret')).toBeTruthy();
    expect(within(panel()).getByRole('link', { name: 'Dygtige Dorte' }).getAttribute('href')).toBe('/carrier/22');

    await userEvent.selectOptions(within(panel()).getByRole('combobox', { name: 'Sortér efter' }), 'Bedømmelse (højeste først)');
    await waitFor(() => expect(names()).toEqual(['Dygtige Dorte', 'Middel Mads', 'Billig Bo']));
    await userEvent.selectOptions(within(panel()).getByRole('combobox', { name: 'Sortér efter' }), 'Pris (laveste først)');
    await waitFor(() => expect(names()).toEqual(['Billig Bo', 'Middel Mads', 'Dygtige Dorte']));
  });

  it('filters the rows by what is typed in the filter box', async () => {
    const bids = [
      makeCustomerBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel' }),
      makeCustomerBid({ id: 2, task_id: 5, carrier_name: 'Hansen Transport', status: 'rejected' }),
    ];
    bidsApi(() => bids, () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2 }), customer);
    await within(panel()).findByRole('row', { name: /Hansen/ });

    await userEvent.type(within(panel()).getByRole('searchbox', { name: 'Filtrér bud' }), 'afvist');
    await waitFor(() => expect(within(panel()).queryByRole('row', { name: /Jens/ })).toBeNull());
    expect(within(panel()).getByRole('row', { name: /Hansen/ })).toBeTruthy();

    await userEvent.type(within(panel()).getByRole('searchbox', { name: 'Filtrér bud' }), ' xyz');
    expect(await within(panel()).findByText('Ingen bud matcher filteret.')).toBeTruthy();
  });

  it('when the customer chooses a bid, then it is accepted and the task and bids load again: assigned, one bid left', async () => {
    let accepted = false;
    const jens = makeCustomerBid({ id: 1, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel' });
    const hansen = makeCustomerBid({ id: 2, task_id: 5, carrier_id: 4, carrier_name: 'Hansen Transport', net: 2000 });
    const accepts: string[] = [];
    bidsApi(
      () => (accepted ? [{ ...jens, status: 'accepted' }] : [jens, hansen]),
      () => makeBidding({ task_id: 5, status: accepted ? 'assigned' : 'open_for_bids', bid_count: accepted ? 1 : 2 }),
    );
    const tasks = await renderBidsTab(makeTask({ id: 5, user_id: 2, bid_count: 2 }), customer);
    server.use(
      http.post('/api/bids/:id/accept', ({ params }) => {
        accepts.push(String(params.id));
        accepted = true;
        const task = tasks.tasks()[0]!;
        task.status = 'assigned';
        task.assigned_carrier_id = 3;
        return HttpResponse.json({ ...jens, status: 'accepted' });
      }),
    );

    const row = await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Åben for bud');
    await userEvent.click(within(row).getByRole('button', { name: /Vælg bud/ }));
    const dialog = screen.getByRole('alertdialog', { name: 'Vælg bud fra Jens Kørsel?' });
    expect(dialog.textContent).toContain('Du betaler 1.400,00 DKK inkl. moms og gebyrer.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Vælg bud' }));

    await waitFor(() => expect(screen.getByRole('heading', { level: 1 }).parentElement?.textContent).toContain('Tildelt'));
    expect(accepts).toEqual(['1']);
    await waitFor(() => expect(within(panel()).queryByRole('row', { name: /Hansen/ })).toBeNull());
    const chosen = within(panel()).getByRole('row', { name: /Jens Kørsel/ });
    expect(within(chosen).getByText('Accepteret')).toBeTruthy();
    expect(within(chosen).queryByRole('button')).toBeNull();
    expect(within(panel()).getByText('1/5')).toBeTruthy();
    expect(tasks.requests.filter((request) => request === 'GET /tasks/5')).toHaveLength(2);
    // The way on is right here: mfe_customer's pay button under the chosen bid, not only on the details tab.
    expect(await within(panel()).findByRole('button', { name: 'Betal 1.400,00 DKK' })).toBeTruthy();
    expect(loadedRemotes()).toContain('mfe_customer/PayPanel');
  });

  it('offers no payment on the bids tab while the task is open for bids', async () => {
    bidsApi(() => [makeCustomerBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel' })], () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2, bid_count: 1 }), customer);
    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(loadedRemotes()).not.toContain('mfe_customer/PayPanel');
  });

  it("gives a carrier mfe_carrier's bid panel with the round and their own bid, and mfe_carrier's list of their bids with only their payout", async () => {
    const own = makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 });
    bidsApi(() => [own], () => makeBidding({ task_id: 5, bid_count: 3, max_bids: 5 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2, view: 'public' }), carrier);

    const row = await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(row.textContent).toContain('1.125,00 DKK');
    expect(row.textContent).toContain('900,00 DKK ekskl. moms');
    expect(row.textContent).not.toContain('1.400,00');
    expect(within(panel()).getByText('3/5')).toBeTruthy();
    await within(panel()).findByText('Budrunden er lukket');
    expect(loadedRemotes().sort()).toEqual(['mfe_carrier/BidPanel', 'mfe_carrier/CarrierBids']);
    expect(panelProps.at(-1)).toMatchObject({
      task: { id: 5, status: 'open_for_bids' },
      bidding: { bid_count: 3, max_bids: 5, bidding_open: true },
      ownBid: { id: 8 },
    });
    expect(carrierBidsProps.at(-1)).toMatchObject({ task: { id: 5, status: 'open_for_bids' }, bids: [{ id: 8 }] });
  });

  it('when the carrier\'s panel reports a change, then the bids and the task load again', async () => {
    let bids: BidView[] = [];
    const requests = bidsApi(() => bids, () => makeBidding({ task_id: 5, bid_count: bids.length }));
    const tasks = await renderBidsTab(makeTask({ id: 5, user_id: 2 }), carrier);
    expect(await within(panel()).findByText('Du har ikke budt på opgaven.')).toBeTruthy();

    bids = [makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel' })];
    await userEvent.click(await within(panel()).findByRole('button', { name: 'Byd på opgaven' }));
    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(requests).toHaveLength(2);
    expect(tasks.requests.filter((request) => request === 'GET /tasks/5')).toHaveLength(2);
    expect(within(panel()).getByText('1/5')).toBeTruthy();
  });

  it("hands mfe_carrier's list no bids for a carrier who has not bid, beside the count of everyone's bids, never 'Ingen bud endnu'", async () => {
    bidsApi(() => [], () => makeBidding({ task_id: 5, status: 'completed', bid_count: 1, max_bids: 2 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2, status: 'completed', bid_count: 1 }), carrier);
    expect(await within(panel()).findByText('Du har ikke budt på opgaven.')).toBeTruthy();
    expect(carrierBidsProps.at(-1)).toMatchObject({ task: { id: 5, status: 'completed' }, bids: [] });
    expect(within(panel()).getByText('1/2')).toBeTruthy();
    expect(within(panel()).queryByText('Ingen bud endnu')).toBeNull();
  });

  it("hands mfe_carrier's list the carrier's bids as the filter and the order leave them, with the bidders' profiles; a filter hiding every bid is the shell's to say", async () => {
    const jensProfile: CarrierSummary = { id: 3, name: 'Jens Kørsel', company: null, rating: { avg: 4, count: 2 }, completed_tasks: 3, badges: { insured: false, cvr_verified: false } };
    const bids = [
      makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 2000, status: 'rejected' }),
      makeCarrierBid({ id: 9, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 }),
    ];
    bidsApi(() => bids, () => makeBidding({ task_id: 5, bid_count: 1 }), [jensProfile]);
    await renderBidsTab(makeTask({ id: 5, user_id: 2, view: 'public' }), carrier);

    await within(panel()).findAllByRole('row', { name: /Jens Kørsel/ });
    const shown = () => carrierBidsProps.at(-1)?.bids.map((bid) => bid.id);
    expect(shown()).toEqual([9, 8]);
    await waitFor(() => expect(carrierBidsProps.at(-1)?.carriers?.get(3)).toEqual(jensProfile));

    await userEvent.type(within(panel()).getByRole('searchbox', { name: 'Filtrér bud' }), 'afvist');
    await waitFor(() => expect(shown()).toEqual([8]));

    await userEvent.type(within(panel()).getByRole('searchbox', { name: 'Filtrér bud' }), ' xyz');
    expect(await within(panel()).findByText('Ingen bud matcher filteret.')).toBeTruthy();
    expect(within(panel()).queryByRole('row', { name: /Jens Kørsel/ })).toBeNull();
    // mfe_carrier reads no bids as 'Du har ikke budt på opgaven.': it is never handed the filter's empty list.
    expect(carrierBidsProps.every((props) => props.bids.length > 0)).toBe(true);
  });

  it("when mfe_carrier cannot load, then the carrier still sees their bids, read-only, under the Danish error", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-008'));
    bidsApi(() => [makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel', net: 1000 })], () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2, view: 'public' }), carrier);

    const alerts = await within(panel()).findAllByRole('alert');
    expect(alerts.map((alert) => alert.textContent)).toEqual([expect.stringContaining('Denne del af siden kunne ikke indlæses.'), expect.stringContaining('Denne del af siden kunne ikke indlæses.')]);
    const row = within(panel()).getByRole('row', { name: /Jens Kørsel/ });
    expect(row.textContent).toContain('1.125,00 DKK');
    expect(within(row).queryByRole('link', { name: 'Ret bud' })).toBeNull();
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it('says that rejected bids do not count when the count (1/5) and the listed bids (2) differ', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const bids = [
      makeAdminBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel', net: 1000, valid_until: future }),
      makeAdminBid({ id: 2, task_id: 5, carrier_name: 'Hansen Transport', status: 'rejected', valid_until: future }),
    ];
    bidsApi(() => bids, () => makeBidding({ task_id: 5, bid_count: 1, max_bids: 5 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2 }), admin);

    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    const count = within(panel()).getByText('1/5').closest('p')!;
    expect(count.textContent).toBe('Antal bud 1/5Afviste og udløbne bud tæller ikke med.');
    expect(within(panel()).getByRole('row', { name: /Hansen Transport/ }).textContent).toContain('Tæller ikke med i antal bud');
    expect(within(panel()).getByRole('row', { name: /Jens Kørsel/ }).textContent).not.toContain('tæller ikke med');
  });

  it('shows the count alone when every listed bid counts', async () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    bidsApi(() => [makeAdminBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel', valid_until: future })], () => makeBidding({ task_id: 5, bid_count: 1, max_bids: 5 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2 }), admin);
    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(within(panel()).getByText('1/5').closest('p')!.textContent).toBe('Antal bud 1/5');
  });

  it("gives an admin mfe_admin's bids with the shown bids, the task's round and whether any bid is chosen, also one the filter hides", async () => {
    const bids = [
      makeAdminBid({ id: 1, task_id: 5, carrier_id: 21, carrier_name: 'Jens Kørsel', net: 1000 }),
      makeAdminBid({ id: 2, task_id: 5, carrier_id: 22, carrier_name: 'Hansen Transport', status: 'accepted' }),
    ];
    const jensProfile: CarrierSummary = { id: 21, name: 'Jens Kørsel', company: null, rating: { avg: 4, count: 2 }, completed_tasks: 3, badges: { insured: false, cvr_verified: false } };
    bidsApi(() => bids, () => makeBidding({ task_id: 5, status: 'assigned', bid_count: 2 }), [jensProfile]);
    await renderBidsTab(makeTask({ id: 5, user_id: 2, status: 'assigned' }), admin);

    await within(panel()).findByRole('row', { name: /Hansen Transport/ });
    expect(loadedRemotes()).toEqual(['mfe_admin/AdminBids']);
    expect(adminBidsProps.at(-1)).toMatchObject({ task: { id: 5, status: 'assigned' }, anyAccepted: true });
    await waitFor(() => expect(adminBidsProps.at(-1)?.carriers?.get(21)).toEqual(jensProfile));

    await userEvent.type(within(panel()).getByRole('searchbox', { name: 'Filtrér bud' }), 'Jens');
    await waitFor(() => expect(adminBidsProps.at(-1)?.bids.map((bid) => bid.id)).toEqual([1]));
    expect(adminBidsProps.at(-1)?.anyAccepted).toBe(true);
  });

  it("when mfe_admin's bids report a choice or a changed price, then the task and its bids load again", async () => {
    const jens = makeAdminBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel' });
    const requests = bidsApi(() => [jens], () => makeBidding({ task_id: 5, bid_count: 1 }));
    const tasks = await renderBidsTab(makeTask({ id: 5, user_id: 2, bid_count: 1 }), admin);
    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    const taskLoads = () => tasks.requests.filter((request) => request === 'GET /tasks/5').length;
    expect([requests.length, taskLoads()]).toEqual([1, 1]);

    act(() => adminBidsProps.at(-1)!.onDecided({ ...jens, status: 'rejected' }));
    await waitFor(() => expect([requests.length, taskLoads()]).toEqual([2, 2]));

    act(() => adminBidsProps.at(-1)!.onBidsStale());
    await waitFor(() => expect([requests.length, taskLoads()]).toEqual([3, 3]));
  });

  it('when mfe_admin cannot load, then the admin still sees every bid with its breakdown, read-only, under the Danish error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-008'));
    bidsApi(() => [makeAdminBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel', net: 1000 })], () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2 }), admin);

    expect((await within(panel()).findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses.');
    const row = within(panel()).getByRole('row', { name: /Jens Kørsel/ });
    expect(within(row).queryByRole('button', { name: /Vælg bud|Afvis/ })).toBeNull();
    await userEvent.click(within(row).getByRole('button', { name: 'Vis fordeling' }));
    const breakdown = within(row).getByLabelText('Prisfordeling');
    expect(breakdown.textContent).toContain('Vognmandens pris (netto)1.000,00 DKK');
    expect(breakdown.textContent).toContain('Udbetaling inkl. moms1.125,00 DKK');
  });

  it('tells a customer who does not own the task that the bids are the owner\'s, without asking for them', async () => {
    await renderBidsTab(makeTask({ id: 5, user_id: 2, view: 'public' }), otherCustomer);
    expect(await within(panel()).findByText('Buddene vises kun for opgavens ejer')).toBeTruthy();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it("says 'Kunne ikke hente bud' when the list fails, and tries again", async () => {
    let calls = 0;
    server.use(
      http.get('/api/bids', () => {
        calls += 1;
        return calls === 1
          ? HttpResponse.json({ code: 'unavailable', message: 'Nede' }, { status: 503 })
          : HttpResponse.json({ items: [], total: 0, page: 1, limit: 100, bidding: makeBidding({ task_id: 5 }) });
      }),
    );
    await renderBidsTab(makeTask({ id: 5, user_id: 2 }), customer);
    const alert = await within(panel()).findByRole('alert');
    expect(alert.textContent).toContain('Kunne ikke hente bud');
    await userEvent.click(within(alert).getByRole('button', { name: 'Prøv igen' }));
    expect(await within(panel()).findByText('Ingen bud endnu')).toBeTruthy();
    expect(within(panel()).getByText('0/5')).toBeTruthy();
  });

  it('when the customer remote cannot load, then the bids still show, read-only, under the Danish error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    runtime.loadRemote.mockRejectedValue(new Error('RUNTIME-008'));
    bidsApi(() => [makeCustomerBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel' })], () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2 }), customer);
    expect((await within(panel()).findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses.');
    const row = within(panel()).getByRole('row', { name: /Jens Kørsel/ });
    expect(row.textContent).toContain('1.400,00 DKK');
    expect(within(row).queryByRole('button')).toBeNull();
  });

  it("keeps the bids tab at the address of mfe_carrier's 'Ret bud' (?tab=bids&bud=ret), where mfe_carrier's panel opens its modal", async () => {
    bidsApi(() => [makeCarrierBid({ id: 8, task_id: 5, carrier_id: 3, carrier_name: 'Jens Kørsel' })], () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderTaskPage(server, makeTask({ id: 5, user_id: 2, view: 'public' }), carrier, '?tab=bids&bud=ret');
    await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    expect(screen.getByTestId('panel-search').textContent).toBe('?tab=bids&bud=ret');
  });
});

describe('bids tab on a phone', () => {
  it('names each cell after its column, so a bid reads as a card with its actions in sight', async () => {
    bidsApi(() => [makeCustomerBid({ id: 1, task_id: 5, carrier_name: 'Jens Kørsel' })], () => makeBidding({ task_id: 5, bid_count: 1 }));
    await renderBidsTab(makeTask({ id: 5, user_id: 2, bid_count: 1 }), customer);
    const row = await within(panel()).findByRole('row', { name: /Jens Kørsel/ });
    await within(row).findByRole('button', { name: /Vælg bud/ });
    expect(Array.from(row.querySelectorAll('td')).map((cell) => cell.getAttribute('data-label'))).toEqual([
      'Pris inkl. moms',
      'Status',
      'Gyldig til',
      'Handlinger',
    ]);
    expect(row.querySelector('td.fb-bids-table__actions')?.textContent).toContain('Vælg bud');
    // The shared card layout of libs/web's DataTable (`cardsOnPhone`) applies to it.
    expect(row.closest('.fb-table-wrap')?.classList.contains('fb-table-wrap--cards')).toBe(true);
  });

  it('lays the table out as cards under 640 px; the tab bar stays one line (narrower tabs, scrolling sideways) and no label wraps', () => {
    // jsdom applies no media queries: the phone rules are read from the style sheets themselves.
    const sheet = (path: string) => readFileSync(resolve(process.cwd(), path), 'utf8');
    const baseCss = sheet('../libs/web/src/styles/base.css');
    const taskDetailCss = sheet('src/features/tasks/detail/task-detail.css');
    const phone = (css: string) => css.slice(css.indexOf('@media (max-width: 640px)'));
    expect(phone(baseCss)).toMatch(/\.fb-table-wrap--cards \.fb-table thead \{\s*display: none;/);
    expect(phone(baseCss)).toMatch(/\.fb-table-wrap--cards \.fb-table tr \{\s*display: grid;/);
    expect(phone(baseCss)).toMatch(/content: attr\(data-label\)/);
    expect(phone(baseCss)).toMatch(/\.fb-table-wrap--cards \{\s*overflow: visible;/);
    // The strip is the shared Tabs component's (base.css .fb-tabs): one line that scrolls sideways, no label wraps.
    const tabsCss = baseCss.slice(baseCss.indexOf('/* ---------- Tabs'), baseCss.indexOf('/* ---------- Tables'));
    const tabBar = tabsCss.match(/\.fb-tabs \{[^}]*\}/)?.[0] ?? '';
    const tab = tabsCss.match(/\.fb-tabs__tab \{[^}]*\}/)?.[0] ?? '';
    expect(tabBar).toMatch(/overflow-x: auto;/);
    expect(tabBar).not.toMatch(/flex-wrap: wrap/);
    expect(tab).toMatch(/white-space: nowrap;/);
    expect(tab).toMatch(/flex: 0 0 auto;/);
    // The task page's tabs are narrower on a phone, so all four fit at 390 px.
    const phoneTab = phone(taskDetailCss).match(/\.task-tabs__tab \{[^}]*\}/)?.[0] ?? '';
    expect(phoneTab).toMatch(/padding: 0 var\(--fb-space-2\);/);
    expect(taskDetailCss).not.toMatch(/\.task-tabs[^{]*\{[^}]*flex-wrap: wrap/);
  });
});
