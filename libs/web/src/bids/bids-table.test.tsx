import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { makeCustomerBid } from '../testing';
import { BidsTable } from './bids-table';

describe('bids table', () => {
  it('sits in a named, focusable region, so a keyboard can scroll it sideways on a phone', () => {
    render(<BidsTable bids={[makeCustomerBid({ id: 1, carrier_name: 'Jens Kørsel' })]} viewer="customer" />);
    const region = screen.getByRole('region', { name: 'Bud på opgaven' });
    expect(region.tabIndex).toBe(0);
    expect(region.querySelector('table')).toBeTruthy();
  });
});
