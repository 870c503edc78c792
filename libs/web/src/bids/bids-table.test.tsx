import type { CarrierSummary } from '@fragtbud/contracts';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { makeCustomerBid } from '../testing';
import { BidsTable } from './bids-table';

const hansen: CarrierSummary = {
  id: 7,
  name: 'Jens Hansen',
  company: 'Hansen Fragt ApS',
  rating: { avg: 4.5, count: 12 },
  completed_tasks: 31,
  badges: { insured: true, cvr_verified: true },
};

describe('bids table', () => {
  it('sits in a named, focusable region, so a keyboard can scroll it sideways on a phone', () => {
    render(<BidsTable bids={[makeCustomerBid({ id: 1, carrier_name: 'Jens Kørsel' })]} viewer="customer" />, { wrapper: MemoryRouter });
    const region = screen.getByRole('region', { name: 'Bud på opgaven' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).toBeTruthy();
  });

  it('when the carrier is known, then the row shows name, company, stars, reviews, completed tasks and badges, linking to the carrier page', () => {
    render(<BidsTable bids={[makeCustomerBid({ id: 1, carrier_id: 7, carrier_name: 'Jens Hansen' })]} viewer="customer" carriers={new Map([[7, hansen]])} />, {
      wrapper: MemoryRouter,
    });
    const row = screen.getByRole('row', { name: /Jens Hansen/ });
    expect(within(row).getByRole('link', { name: 'Jens Hansen' }).getAttribute('href')).toBe('/carrier/7');
    expect(within(row).getByText('Hansen Fragt ApS')).toBeTruthy();
    expect(within(row).getByRole('img', { name: '4,5 ud af 5 stjerner' })).toBeTruthy();
    expect(within(row).getByText('4,5 (12 anmeldelser)')).toBeTruthy();
    expect(within(row).getByText('31 udførte opgaver')).toBeTruthy();
    expect(within(row).getByText('Forsikret')).toBeTruthy();
    expect(within(row).getByText('CVR verificeret')).toBeTruthy();
  });

  it('when a bid is rejected or has lapsed, then its status says it does not count toward the number of bids', () => {
    const future = new Date(Date.now() + 86_400_000).toISOString();
    const past = new Date(Date.now() - 86_400_000).toISOString();
    render(
      <BidsTable
        bids={[
          makeCustomerBid({ id: 1, carrier_name: 'Jens Kørsel', status: 'pending', valid_until: future }),
          makeCustomerBid({ id: 2, carrier_name: 'Hansen Transport', status: 'rejected', valid_until: future }),
          makeCustomerBid({ id: 3, carrier_name: 'Gammel Fragt', status: 'pending', valid_until: past }),
          makeCustomerBid({ id: 4, carrier_name: 'Valgt Vognmand', status: 'accepted', valid_until: past }),
        ]}
        viewer="customer"
      />,
      { wrapper: MemoryRouter },
    );
    const statusOf = (name: RegExp) => within(screen.getByRole('row', { name })).getAllByRole('cell')[1]!.textContent;
    expect(statusOf(/Jens Kørsel/)).toBe('Afventer');
    expect(statusOf(/Hansen Transport/)).toBe('AfvistTæller ikke med i antal bud');
    expect(statusOf(/Gammel Fragt/)).toBe('AfventerUdløbet – tæller ikke med i antal bud');
    expect(statusOf(/Valgt Vognmand/)).toBe('Accepteret');
  });

  it('when a carrier has no reviews and no badges, then it says so and shows no badge', () => {
    const newcomer: CarrierSummary = { ...hansen, id: 8, name: 'Ny Vognmand', company: null, rating: { avg: 0, count: 0 }, completed_tasks: 1, badges: { insured: false, cvr_verified: false } };
    render(<BidsTable bids={[makeCustomerBid({ id: 2, carrier_id: 8, carrier_name: 'Ny Vognmand' })]} viewer="customer" carriers={new Map([[8, newcomer]])} />, {
      wrapper: MemoryRouter,
    });
    expect(screen.getByText('Ingen anmeldelser endnu')).toBeTruthy();
    expect(screen.getByText('1 udført opgave')).toBeTruthy();
    expect(screen.queryByText('Forsikret')).toBeNull();
    expect(screen.queryByText('CVR verificeret')).toBeNull();
  });

  it('when the carrier is not known yet, then the bid still shows its carrier name as a link and nothing made up', () => {
    render(<BidsTable bids={[makeCustomerBid({ id: 3, carrier_id: 9, carrier_name: 'Ukendt Kørsel' })]} viewer="customer" carriers={new Map()} />, { wrapper: MemoryRouter });
    expect(screen.getByRole('link', { name: 'Ukendt Kørsel' }).getAttribute('href')).toBe('/carrier/9');
    expect(screen.queryByText(/anmeldelse/)).toBeNull();
  });
});
