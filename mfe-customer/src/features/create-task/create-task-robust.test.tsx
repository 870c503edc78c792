/**
 * Issue 13 item 6: the wizard keeps a draft, has its step in the URL, refuses past pickup dates, never sends a task
 * twice and never posts a signed-in user's task as a guest's.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation, useNavigate } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, todayInDenmark } from '@fragtbud/contracts';
import { useSession } from '@fragtbud/web';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { createTaskHandler, geoSuggest, makeTask } from '../../testing/handlers';
import { CreateTaskPage } from './create-task-page';

const server = setupApiServer(geoSuggest());

/** The browser's Back button and the address bar, as far as the router sees them. */
function BrowserControls() {
  const navigate = useNavigate();
  const location = useLocation();
  return (
    <>
      <button type="button" onClick={() => navigate(-1)}>
        Browserens tilbage
      </button>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
    </>
  );
}

function Landing({ name }: { name: string }) {
  return <h1>Side: {name}</h1>;
}

function renderAt(route: string) {
  const user = userEvent.setup();
  const view = renderWithQueryClient(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route
          path="/create-task"
          element={
            <>
              <CreateTaskPage />
              <BrowserControls />
            </>
          }
        />
        <Route path="/browse-tasks" element={<Landing name="browse-tasks" />} />
        <Route path="/task-created/:id" element={<Landing name="task-created" />} />
        <Route path="/login" element={<Landing name="login" />} />
      </Routes>
    </MemoryRouter>,
  );
  return { user, ...view };
}

const location = () => screen.getByTestId('location').textContent;
const textbox = (name: string) => screen.getByRole('textbox', { name });
const address = (name: 'Afhentningsadresse' | 'Leveringsadresse') => screen.getByRole('combobox', { name });

function errorBeside(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('fb-field__error'));
  return error?.textContent ?? null;
}

/** A courier task filled in on step 2 (weight typed the Danish way). */
async function fillCourier(user: UserEvent) {
  // Pasted rather than typed key by key: these tests are about what happens after, and a busy machine is slow.
  for (const [control, text] of [
    [address('Afhentningsadresse'), 'Vestergade 1, 8000 Aarhus C'],
    [address('Leveringsadresse'), 'Nørregade 2, 1165 København K'],
    [textbox('Vægt (kg)'), '12,5'],
  ] as const) {
    await user.click(control);
    await user.paste(text);
  }
  await user.selectOptions(screen.getByRole('combobox', { name: 'Pakkestørrelse' }), 'Mellem');
}

async function toConfirm(user: UserEvent) {
  await user.click(screen.getByRole('button', { name: 'Fortsæt' }));
  await screen.findByRole('heading', { level: 2, name: 'Bekræft og send' }, { timeout: 5_000 }); // room on a busy machine
}

const customer = makeUser({ id: 5, role: 'customer' });

beforeEach(() => {
  sessionStorage.clear();
  setSession(customer);
});

describe('wizard: draft and steps', () => {
  it('keeps what was typed through a reload and puts the step in the URL', async () => {
    const first = renderAt('/create-task');
    await first.user.click(screen.getByRole('button', { name: /Kurertransport/ }));
    expect(location()).toBe('/create-task?type=courier&step=2');
    await fillCourier(first.user);
    first.unmount(); // the reload

    renderAt('/create-task?type=courier&step=2');
    expect((address('Afhentningsadresse') as HTMLInputElement).value).toBe('Vestergade 1, 8000 Aarhus C');
    expect((textbox('Vægt (kg)') as HTMLInputElement).value).toBe('12,5');
    expect((screen.getByRole('combobox', { name: 'Pakkestørrelse' }) as HTMLSelectElement).value).toBe('medium');
  });

  it("the browser's Back moves one step back, and a step 3 that cannot be shown yet shows step 2", async () => {
    const { user } = renderAt('/create-task?type=courier');
    await fillCourier(user);
    await toConfirm(user);
    expect(location()).toBe('/create-task?type=courier&step=3');

    await user.click(screen.getByRole('button', { name: 'Browserens tilbage' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Kurertransport' })).toBeTruthy();
    expect((textbox('Vægt (kg)') as HTMLInputElement).value).toBe('12,5');

    await user.clear(textbox('Vægt (kg)'));
    sessionStorage.clear();
    renderAt('/create-task?type=courier&step=3');
    expect(screen.getAllByRole('heading', { level: 2, name: 'Kurertransport' }).length).toBeGreaterThan(0);
  });

  it("another user's draft is not offered; a guest's draft is continued after signing in", async () => {
    setSession(null);
    const asGuest = renderAt('/create-task?type=courier&guest=1');
    await fillCourier(asGuest.user);
    asGuest.unmount();

    setSession(customer);
    const signedIn = renderAt('/create-task?type=courier&step=2');
    expect((textbox('Vægt (kg)') as HTMLInputElement).value).toBe('12,5');
    await signedIn.user.type(textbox('Vægt (kg)'), '0');
    signedIn.unmount();

    setSession(makeUser({ id: 6, role: 'customer' }));
    renderAt('/create-task?type=courier&step=2');
    expect((textbox('Vægt (kg)') as HTMLInputElement).value).toBe('');
  });
});

describe('wizard: refusals', () => {
  it('refuses a pickup date before today beside the field, and takes today', async () => {
    const { user } = renderAt('/create-task?type=courier');
    await fillCourier(user);
    const yesterday = todayInDenmark(new Date(Date.now() - 24 * 3600 * 1000));
    fireEvent.change(screen.getByLabelText('Ønsket afhentningsdato'), { target: { value: yesterday } });
    await user.click(screen.getByRole('button', { name: 'Fortsæt' }));
    await waitFor(() => expect(errorBeside(screen.getByLabelText('Ønsket afhentningsdato'))).toBe(messages.pickupDateInPast));
    expect(location()).toBe('/create-task?type=courier');

    fireEvent.change(screen.getByLabelText('Ønsket afhentningsdato'), { target: { value: todayInDenmark() } });
    expect(errorBeside(screen.getByLabelText('Ønsket afhentningsdato'))).toBeNull();
    await toConfirm(user);
  });
});

describe('wizard: one task per submit', () => {
  it('disables the button while the task is sent; more clicks send nothing more; the draft is gone afterwards', async () => {
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => (release = resolve));
    const posted = createTaskHandler(async () => {
      await held;
      return HttpResponse.json(makeTask({ id: 42 }), { status: 201 });
    });
    server.use(posted.handler);
    const { user } = renderAt('/create-task?type=courier');
    await fillCourier(user);
    await toConfirm(user);

    const button = screen.getByRole('button', { name: 'Opret opgave' });
    await user.click(button);
    await waitFor(() => expect((button as HTMLButtonElement).disabled).toBe(true));
    await user.click(button);
    fireEvent.submit(button.closest('form')!);
    release();

    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(posted.bodies).toHaveLength(1);
    expect(posted.keys[0]).toMatch(/^[A-Za-z0-9_.:-]{8,}$/);
    expect(sessionStorage.length).toBe(0);
  });

  it('a retry after a failure sends the same Idempotency-Key; a changed form gets a new one', async () => {
    const posted = createTaskHandler((call) =>
      call < 2 ? HttpResponse.json({ message: 'Tjenesten er midlertidigt utilgængelig' }, { status: 503 }) : HttpResponse.json(makeTask({ id: 42 }), { status: 201 }),
    );
    server.use(posted.handler);
    const { user } = renderAt('/create-task?type=courier');
    await fillCourier(user);
    await toConfirm(user);

    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await screen.findByRole('alert');
    expect(posted.keys).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await waitFor(() => expect(posted.keys).toHaveLength(2));
    expect(posted.keys[1]).toBe(posted.keys[0]);

    await user.click(screen.getByRole('button', { name: 'Tilbage' }));
    await user.type(textbox('Vægt (kg)'), '5');
    await toConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(posted.keys[2]).not.toBe(posted.keys[0]);
    expect(posted.bodies[2]).toMatchObject({ details: { packageWeight: 12.55 } });
  });

  it('a signed-in user says so when posting; a guest does not', { timeout: 30_000 }, async () => {
    const posted = createTaskHandler();
    server.use(posted.handler);
    const signedIn = renderAt('/create-task?type=courier');
    await fillCourier(signedIn.user);
    await toConfirm(signedIn.user);
    await signedIn.user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    signedIn.unmount();

    setSession(null);
    const guest = renderAt('/create-task?type=courier&guest=1');
    await fillCourier(guest.user);
    await guest.user.click(textbox('E-mail'));
    await guest.user.paste('gaest@example.dk');
    await toConfirm(guest.user);
    await guest.user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await screen.findByRole('heading', { name: 'Side: task-created' }, { timeout: 5_000 });
    expect(posted.queries).toEqual(['?signedIn=1', '']);
  });
});

describe('wizard: a session lost in the middle', () => {
  it("shows 'Session udløbet – log ind igen', stays with the draft and offers to sign in and come back", async () => {
    const posted = createTaskHandler(() => HttpResponse.json({ code: 'unauthorized', message: messages.sessionExpired }, { status: 401 }));
    server.use(posted.handler);
    const { user } = renderAt('/create-task?type=courier');
    await fillCourier(user);
    await toConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('Session udløbet – log ind igen');
    await waitFor(() => expect(useSession.getState().expired).toBe(true));
    // Still the wizard, not a guest's: nothing to fill in about contact, and the step is kept.
    expect(screen.getByRole('heading', { level: 2, name: 'Bekræft og send' })).toBeTruthy();
    expect(posted.queries).toEqual(['?signedIn=1']);
    const login = screen.getByRole('link', { name: 'Log ind' });
    expect(login.getAttribute('href')).toBe('/login?next=/create-task%3Ftype%3Dcourier%26step%3D3');
    expect(JSON.parse(sessionStorage.getItem('fragtbud:create-task-draft') ?? '{}')).toMatchObject({
      ownerId: 5,
      form: { type: 'courier', from: { address: 'Vestergade 1, 8000 Aarhus C' } },
    });

    // A second try while signed out still never posts as a guest.
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await waitFor(() => expect(posted.queries).toEqual(['?signedIn=1', '?signedIn=1']));
  });
});
