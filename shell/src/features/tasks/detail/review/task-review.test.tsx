import { screen } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ReviewProps } from '@fragtbud/web';
import { makeTask, makeUser, renderWithQueryClient, setupApiServer } from '@fragtbud/web/testing';
import { resetRemoteManifest } from '../../../../remotes/remote-manifest';
import { stubRemoteContract } from '../../../../testing/remote-contract';
import { raterSide, TaskReview } from './task-review';

/* The shell side of rating: which remote's `./Review` a viewer gets (the Module Federation runtime mocked). */

const runtime = vi.hoisted(() => ({ loadRemote: vi.fn(), registerRemotes: vi.fn() }));
vi.mock('@module-federation/enhanced/runtime', () => runtime);
const server = setupApiServer();
const reviewProps: ReviewProps[] = [];

const owner = makeUser({ id: 2, role: 'customer' });
const carrier = makeUser({ id: 3, role: 'carrier' });
const completed = makeTask({ id: 5, user_id: 2, status: 'completed', assigned_carrier_id: 3 });

beforeEach(() => {
  reviewProps.length = 0;
  resetRemoteManifest();
  runtime.loadRemote.mockReset();
  runtime.loadRemote.mockImplementation(async (id: string) => {
    if (id.endsWith('/contract')) return stubRemoteContract(id);
    return {
      default: (props: ReviewProps) => {
        reviewProps.push(props);
        return <p>Vurdering fra {id}</p>;
      },
    };
  });
  server.use(
    http.get('/mf-manifest.json', () =>
      HttpResponse.json({ remotes: { mfe_customer: '/remotes/mfe-customer/remoteEntry.js', mfe_carrier: '/remotes/mfe-carrier/remoteEntry.js' } }),
    ),
  );
});

describe('rating a completed task', () => {
  it('the owner rates the carrier (customer side), the assigned carrier the customer; nobody else, and only once completed', () => {
    expect(raterSide(completed, owner)).toBe('customer');
    expect(raterSide(completed, carrier)).toBe('carrier');
    expect(raterSide({ ...completed, status: 'delivered' }, owner)).toBeNull();
    expect(raterSide(completed, makeUser({ id: 1, role: 'admin' }))).toBeNull();
    expect(raterSide(completed, makeUser({ id: 9, role: 'carrier' }))).toBeNull();
    expect(raterSide(completed, makeUser({ id: 8, role: 'customer' }))).toBeNull();
    expect(raterSide(completed, null)).toBeNull();
  });

  it.each([
    ['owner', owner, 'mfe_customer/Review'],
    ['assigned carrier', carrier, 'mfe_carrier/Review'],
  ])("mounts the %s's review from %s with the task's id and status", async (_who, viewer, module) => {
    renderWithQueryClient(<TaskReview task={completed} viewer={viewer} />);
    expect(await screen.findByText(`Vurdering fra ${module}`)).toBeTruthy();
    expect(reviewProps.at(-1)).toEqual({ task: { id: 5, status: 'completed' } });
  });

  it('loads no remote for a viewer who rates nothing', () => {
    const { container } = renderWithQueryClient(<TaskReview task={completed} viewer={makeUser({ id: 1, role: 'admin' })} />);
    // A mounted remote would show its loading state ('Indlæser…') at once.
    expect(container.textContent).toBe('');
  });
});
