import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { MemoryRouter } from 'react-router-dom';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../remotes/remote-manifest';
import { stubRemoteContract } from '../../testing/remote-contract';
import { ProfilePage } from './profile-page';

/*
 * The shell side of the carrier's profile tabs: 'Bank', 'Forsikring' and 'CVR' are mfe_carrier's `./BankPanel`,
 * `./InsurancePanel` and `./CvrPanel` (the Module Federation runtime mocked); the panels have their own tests there.
 */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);

const server = setupApiServer();

beforeEach(() => {
  resetRemoteManifest();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id);
    return { default: () => <p>Panel {id}</p> };
  });
  server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ remotes: { mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js' } })));
  setSession(makeUser({ id: 3, role: 'carrier' }));
});

describe("the carrier's profile tabs", () => {
  it.each([
    ['bank', 'mfe_carrier/BankPanel'],
    ['insurance', 'mfe_carrier/InsurancePanel'],
    ['cvr', 'mfe_carrier/CvrPanel'],
  ])('?tab=%s mounts %s', async (tab, module) => {
    renderWithQueryClient(
      <MemoryRouter initialEntries={[`/profile?tab=${tab}`]}>
        <ProfilePage />
      </MemoryRouter>,
    );
    expect(await screen.findByText(`Panel ${module}`)).toBeTruthy();
    expect(runtime.loadRemote.mock.calls.map(([id]) => id as string).filter((id) => !id.endsWith('/contract'))).toEqual([module]);
  });
});
