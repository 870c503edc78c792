import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import type { BidPanelProps } from '@fragtbud/web';
import { defineRemoteContract } from '@fragtbud/web/remote-contract';
import { hostedContractVersions } from './hosted-contracts';
import { setupApiServer } from '@fragtbud/web/testing';
import { RemoteApp } from './remote-app';
import { resetRemoteManifest, type RemoteName } from './remote-manifest';

/** `loadRemote` for the modules the tests mount; `loadContract` for each remote's `./contract`. */
const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), loadContract: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => ({
  registerRemotes: runtime.registerRemotes,
  loadRemote: (id: string) => (id.endsWith('/contract') ? runtime.loadContract(id) : runtime.loadRemote(id)),
}));

/** What a remote's src/contract.ts gives: the version this shell hosts, a bid panel needs a task with a numeric id. */
const contractFor = (id: string) =>
  defineRemoteContract(hostedContractVersions[id.slice(0, id.indexOf('/')) as RemoteName], {
    App: z.object({}),
    BidPanel: z.object({ task: z.object({ id: z.number() }) }),
    PayPanel: z.object({}),
    ChooseBid: z.object({}),
  });

const manifest = {
  remotes: {
    mfe_customer: '/remotes/mfe-customer/remoteEntry.js',
    mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js',
    mfe_admin: '/remotes/mfe-admin/remoteEntry.js',
  },
};

const bidPanelProps: BidPanelProps = {
  task: { id: 12, status: 'open_for_bids' },
  bidding: null,
  ownBid: null,
  onChanged: () => undefined,
};

const server = setupApiServer();

beforeEach(() => {
  resetRemoteManifest();
  runtime.loadRemote.mockReset();
  runtime.registerRemotes.mockReset();
  runtime.loadContract.mockReset();
  runtime.loadContract.mockImplementation(async (id: string) => contractFor(id));
  vi.spyOn(console, 'error').mockImplementation(() => undefined); // the boundary logs what it caught
});
afterEach(() => resetRemoteManifest());

function Page() {
  return (
    <>
      <nav aria-label="Hovedmenu">Navigation</nav>
      <RemoteApp remote="mfe_admin" />
    </>
  );
}

describe('RemoteApp', () => {
  it('registers only the remote it needs from the manifest and renders its App', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Administration</h2> });

    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }], {
      force: false,
    });
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_admin/App');
  });

  it('loads another module the remote exposes when asked, e.g. the carrier\'s bid panel', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    runtime.loadRemote.mockResolvedValue({
      default: ({ task }: BidPanelProps) => <button type="button">Byd på opgave {task.id}</button>,
    });

    render(<RemoteApp<BidPanelProps> remote="mfe_carrier" module="BidPanel" props={bidPanelProps} />);
    expect(await screen.findByRole('button', { name: 'Byd på opgave 12' })).toBeTruthy();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_carrier', entry: '/remotes/mfe-carrier/remoteEntry.js' }], {
      force: false,
    });
    expect(runtime.loadRemote).toHaveBeenCalledWith('mfe_carrier/BidPanel');
  });

  it('when the shell hands a remote props that break its contract, then the remote is not mounted and the Danish error shows', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    const mounted = vi.fn();
    runtime.loadRemote.mockResolvedValue({
      default: () => {
        mounted();
        return <button type="button">Byd</button>;
      },
    });
    const broken = { ...bidPanelProps, task: { id: '12', status: 'open_for_bids' } } as unknown as BidPanelProps;

    render(<RemoteApp<BidPanelProps> remote="mfe_carrier" module="BidPanel" props={broken} />);
    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses.');
    expect(mounted).not.toHaveBeenCalled();
  });

  it('when the manifest cannot load, then a Danish error with retry replaces the remote, and the rest of the page stays', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ message: 'nede' }, { status: 503 })));

    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses. Prøv igen senere.');
    expect(screen.getByRole('navigation', { name: 'Hovedmenu' })).toBeTruthy();
    expect(runtime.loadRemote).not.toHaveBeenCalled();

    // The manifest is back: "Prøv igen" asks again and the remote appears.
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Administration</h2> });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
  });

  it('when the remote entry fails to load, then retrying registers it again with force', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    runtime.loadRemote.mockRejectedValueOnce(new Error('RUNTIME-008: failed to load remoteEntry.js'));

    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses.');

    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Administration</h2> });
    await userEvent.setup().click(screen.getByRole('button', { name: 'Prøv igen' }));
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(runtime.registerRemotes).toHaveBeenLastCalledWith([{ name: 'mfe_admin', entry: '/remotes/mfe-admin/remoteEntry.js' }], {
      force: true,
    });
  });

  it('when the remote itself throws while rendering, then the same fallback shows', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    runtime.loadRemote.mockResolvedValue({
      default: () => {
        throw new Error('boom');
      },
    });
    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses.');
  });
});

describe('loadRemoteApp', () => {
  it('when the same module is asked for again while it loads (a transition rendering a suspended page twice), then it is loaded once, and a failure is not kept', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    let finish!: (module: unknown) => void;
    runtime.loadRemote.mockImplementationOnce(() => new Promise((resolve) => (finish = resolve)));
    const { loadRemoteApp } = await import('./load-remote-app');

    const first = loadRemoteApp('mfe_customer', { module: 'PayPanel' });
    const second = loadRemoteApp('mfe_customer', { module: 'PayPanel' });
    await vi.waitFor(() => expect(runtime.loadRemote).toHaveBeenCalledTimes(1));
    finish({ default: () => null });
    expect(await second).toBe(await first);
    expect(runtime.loadContract).toHaveBeenCalledWith('mfe_customer/contract');

    runtime.loadRemote.mockRejectedValueOnce(new Error('remoteEntry.js failed'));
    await expect(loadRemoteApp('mfe_customer', { module: 'ChooseBid' })).rejects.toThrow('remoteEntry.js failed');
    runtime.loadRemote.mockResolvedValueOnce({ default: () => null });
    await expect(loadRemoteApp('mfe_customer', { module: 'ChooseBid', afterFailure: true })).resolves.toHaveProperty('default');
    expect(runtime.loadRemote).toHaveBeenCalledTimes(3);
  });
});

describe('published releases and their contracts', () => {
  const release = (version: string, contractVersion: number) => ({ version, entry: `/remotes/mfe-admin/${version}/remoteEntry.js`, contractVersion });
  const hosted = hostedContractVersions.mfe_admin;
  const other = hosted + 1;

  it('when the current release implements the hosted contract, then it is loaded from its versioned path', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ ...manifest, releases: { mfe_admin: [release('2.0.0-b', hosted), release('1.0.0-a', hosted)] } })));
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Administration</h2> });

    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_admin', entry: '/remotes/mfe-admin/2.0.0-b/remoteEntry.js' }], expect.anything());
  });

  it('when the current release implements another contract, then it is refused and the last compatible one is used', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ ...manifest, releases: { mfe_admin: [release('3.0.0-c', other), release('1.0.0-a', hosted)] } })));
    runtime.loadRemote.mockResolvedValue({ default: () => <h2>Administration</h2> });

    render(<Page />);
    expect(await screen.findByRole('heading', { name: 'Administration' })).toBeTruthy();
    expect(runtime.registerRemotes).toHaveBeenCalledWith([{ name: 'mfe_admin', entry: '/remotes/mfe-admin/1.0.0-a/remoteEntry.js' }], expect.anything());
    expect(runtime.registerRemotes).not.toHaveBeenCalledWith([{ name: 'mfe_admin', entry: '/remotes/mfe-admin/3.0.0-c/remoteEntry.js' }], expect.anything());
  });

  it('when no published release implements the hosted contract, then nothing is loaded and the Danish error shows', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json({ ...manifest, releases: { mfe_admin: [release('3.0.0-c', other)] } })));

    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses. Prøv igen senere.');
    expect(runtime.registerRemotes).not.toHaveBeenCalled();
    expect(runtime.loadRemote).not.toHaveBeenCalled();
  });

  it('when a built-in remote says it implements another contract version, then it is not mounted', async () => {
    server.use(http.get('/mf-manifest.json', () => HttpResponse.json(manifest)));
    runtime.loadContract.mockResolvedValue(defineRemoteContract(other, { App: z.object({}) }));
    const mounted = vi.fn(() => <h2>Administration</h2>);
    runtime.loadRemote.mockResolvedValue({ default: mounted });

    render(<Page />);
    expect((await screen.findByRole('alert')).textContent).toContain('Denne del af siden kunne ikke indlæses.');
    expect(mounted).not.toHaveBeenCalled();
  });
});
