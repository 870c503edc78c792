import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { SiteFooter } from './site-footer';

describe('site footer', () => {
  it('links the services to the task browser by type, the pages, social media and payment methods', () => {
    render(
      <MemoryRouter>
        <SiteFooter />
      </MemoryRouter>,
    );
    const services = within(screen.getByRole('navigation', { name: 'Tjenester' })).getAllByRole('link');
    expect(services.map((link) => link.getAttribute('href'))).toEqual([
      '/tasks?type=moving',
      '/tasks?type=delivery',
      '/tasks?type=furniture',
      '/tasks?type=fullload',
      '/tasks?type=courier',
    ]);
    const pages = [
      ...within(screen.getByRole('navigation', { name: 'Om Fragtbud' })).getAllByRole('link'),
      ...within(screen.getByRole('navigation', { name: 'Hjælp og vilkår' })).getAllByRole('link'),
    ].map((link) => link.getAttribute('href'));
    expect(pages).toEqual(['/about', '/how-it-works', '/safety', '/contact', '/help', '/faq', '/terms', '/privacy']);
    expect(within(screen.getByRole('list', { name: 'Sociale medier' })).getAllByRole('link')).toHaveLength(3);
    expect(within(screen.getByRole('list', { name: 'Betalingsmetoder' })).getAllByRole('listitem').map((li) => li.textContent)).toEqual([
      'MobilePay',
      'Visa',
      'Mastercard',
    ]);
  });
});
