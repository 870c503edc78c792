import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { makeUser, setSession } from '@fragtbud/web/testing';
import type { Role } from '@fragtbud/web';
import { noReviews, noTasks } from '../testing/handlers';
import { renderApp } from '../testing/render-app';
import { setupShellApiServer } from '../testing/api-server';

setupShellApiServer(noReviews, noTasks, http.post('/api/auth/logout', () => new HttpResponse(null, { status: 204 })));

function headerLinks(): string[] {
  const nav = screen.getByRole('navigation', { name: 'Hovedmenu' });
  return within(nav)
    .getAllByRole('link')
    .map((link) => `${link.textContent} ${link.getAttribute('href')}`);
}

describe('site header', () => {
  it('shows a visitor the public links (no Dashboard or Profil; Opret Opgave as a guest) and the sign-in links', () => {
    setSession(null);
    renderApp('/');
    expect(headerLinks()).toEqual(['Opgaver /BrowseTasks', 'Opret Opgave /create-task?guest=1']);
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login');
    expect(within(banner).getByRole('link', { name: 'Opret bruger' }).getAttribute('href')).toBe('/register');
    expect(within(banner).queryByRole('button', { name: 'Log ud' })).toBeNull();
  });

  it.each<[Role, string[]]>([
    ['customer', ['Opgaver /BrowseTasks', 'Opret Opgave /create-task', 'Dashboard /dashboard', 'Profil /profile']],
    ['carrier', ['Opgaver /BrowseTasks', 'Dashboard /dashboard', 'Profil /profile']],
    ['admin', ['Opgaver /BrowseTasks', 'Opret Opgave /create-task', 'Dashboard /dashboard', 'Admin Dashboard /AdminDashboard']],
  ])('shows a %s the links of their role', (role, expected) => {
    setSession(makeUser({ role }));
    renderApp('/');
    expect(headerLinks()).toEqual(expected);
  });

  it('shows the signed-in user with initial, name, role and a logout button', () => {
    setSession(makeUser({ name: 'viggo Vognmand', role: 'carrier' }));
    renderApp('/');
    const banner = within(screen.getByRole('banner'));
    expect(banner.getByText('V')).toBeTruthy();
    expect(banner.getByText('viggo Vognmand')).toBeTruthy();
    expect(banner.getByText('Vognmand')).toBeTruthy();
    expect(banner.queryByRole('link', { name: 'Log ind' })).toBeNull();
    expect(banner.getByRole('button', { name: 'Log ud' })).toBeTruthy();
  });

  it('shows the e-mail when the user has no name', () => {
    setSession(makeUser({ name: '', email: 'anon@example.dk' }));
    renderApp('/');
    expect(within(screen.getByRole('banner')).getByText('anon@example.dk')).toBeTruthy();
  });

  it('logs out and returns to the home page', async () => {
    setSession(makeUser({ role: 'customer' }));
    renderApp('/dashboard');
    await userEvent.setup().click(screen.getByRole('button', { name: 'Log ud' }));
    await waitFor(() => expect(screen.getByTestId('location').textContent).toBe('/'));
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Log ind' })).toBeTruthy();
  });

  it('closes the mobile menu when the user navigates', async () => {
    setSession(null);
    const user = userEvent.setup();
    renderApp('/');
    const toggle = screen.getByRole('button', { name: 'Åbn menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');

    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Luk menu' }).getAttribute('aria-expanded')).toBe('true');

    await user.click(within(screen.getByRole('navigation', { name: 'Hovedmenu' })).getByRole('link', { name: 'Opgaver' }));
    expect(screen.getByTestId('location').textContent).toBe('/BrowseTasks');
    expect(screen.getByRole('button', { name: 'Åbn menu' }).getAttribute('aria-expanded')).toBe('false');
  });

  it('closes the mobile menu on Escape and puts the keyboard back on the menu button', async () => {
    setSession(null);
    const user = userEvent.setup();
    renderApp('/');
    await user.click(screen.getByRole('button', { name: 'Åbn menu' }));
    within(screen.getByRole('navigation', { name: 'Hovedmenu' })).getByRole('link', { name: 'Opgaver' }).focus();
    await user.keyboard('{Escape}');
    const toggle = screen.getByRole('button', { name: 'Åbn menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    expect(document.activeElement).toBe(toggle);
  });
});
