import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { HttpResponse } from 'msw';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router-dom';
import { beforeEach, describe, expect, it } from 'vitest';
import { messages, type TaskType } from '@fragtbud/contracts';
import { makeUser, renderWithQueryClient, setSession, setupApiServer } from '@fragtbud/web/testing';
import { createTaskHandler, geoSuggest, getTaskHandler, makeTask, updateTaskHandler } from '../../testing/handlers';
import { CreateTaskPage } from './create-task-page';

const server = setupApiServer(geoSuggest());

/** Where the wizard sent the user, with the message it carried. */
function Landing({ name }: { name: string }) {
  const location = useLocation();
  const flash = (location.state as { flash?: { message: string } } | null)?.flash;
  return (
    <div>
      <h1>Side: {name}</h1>
      <p data-testid="location">{`${location.pathname}${location.search}`}</p>
      {flash && <p role="status">{flash.message}</p>}
    </div>
  );
}

function renderAt(route: string): UserEvent {
  const user = userEvent.setup();
  renderWithQueryClient(
    <MemoryRouter initialEntries={[route]}>
      <Routes>
        <Route path="/create-task" element={<CreateTaskPage />} />
        <Route path="/tasks/create" element={<CreateTaskPage />} />
        <Route path="/browse-tasks" element={<Landing name="browse-tasks" />} />
        <Route path="/BrowseTasks" element={<Landing name="BrowseTasks" />} />
        <Route path="/task/:id" element={<Landing name="task" />} />
        <Route path="/task-created/:id" element={<Landing name="task-created" />} />
        <Route path="/login" element={<Landing name="login" />} />
      </Routes>
    </MemoryRouter>,
  );
  return user;
}

const input = (name: string) => screen.getByRole('textbox', { name });
/** A number field: whole numbers are spin buttons; decimals are text typed the Danish way ('12,5'). */
const numberInput = (name: string) => screen.queryByRole('spinbutton', { name }) ?? screen.getByRole('textbox', { name });
const select = (name: string) => screen.getByRole('combobox', { name });
const checkbox = (name: string) => screen.getByRole('checkbox', { name });
const address = (name: 'Afhentningsadresse' | 'Leveringsadresse') => screen.getByRole('combobox', { name });
const next = () => screen.getByRole('button', { name: 'Fortsæt' });

/** The message shown beside a control: the element its aria-describedby names that holds the error text. */
function errorBeside(control: HTMLElement): string | null {
  const ids = control.getAttribute('aria-describedby')?.split(' ') ?? [];
  const error = ids.map((id) => document.getElementById(id)).find((element) => element?.classList.contains('fb-field__error'));
  return error?.textContent ?? null;
}

/** The edit form once its task has loaded (the page title shows while it loads). */
async function editFormLoaded() {
  expect(screen.getByRole('heading', { level: 1, name: 'Rediger opgave #7' })).toBeTruthy();
  return screen.findByRole('combobox', { name: 'Afhentningsadresse' });
}

/** Step 2's 'Fortsæt': the form is checked (asynchronously) and step 3 opens. */
async function continueToConfirm(user: UserEvent) {
  await user.click(next());
  await screen.findByRole('heading', { level: 2, name: 'Bekræft og send' }, { timeout: 5_000 }); // room on a busy machine
}

async function fillAddresses(user: UserEvent) {
  await user.type(address('Afhentningsadresse'), 'Vestergade 1, 8000 Aarhus C');
  await user.type(address('Leveringsadresse'), 'Nørregade 2, 1165 København K');
}

beforeEach(() => {
  sessionStorage.clear(); // the wizard's draft
  setSession(makeUser({ role: 'customer' }));
});

describe('create task: steps and type', () => {
  it('starts with the five type cards; choosing one opens its form and puts it in the URL', async () => {
    const user = renderAt('/create-task');
    expect(screen.getByRole('heading', { level: 1, name: 'Opret en ny transportopgave' })).toBeTruthy();
    const cards = within(screen.getByRole('list', { name: 'Hvad skal transporteres?' })).getAllByRole('button');
    expect(cards.map((card) => card.querySelector('.ct-type__label')?.textContent)).toEqual([
      'Flytning',
      'Kurertransport',
      'Palle og pakker',
      'Møbeltransport',
      'Fulloads',
    ]);
    expect(screen.getByRole('navigation', { name: 'Trin' }).querySelector('[aria-current="step"]')?.textContent).toContain('Vælg opgavetype');

    await user.click(screen.getByRole('button', { name: /Palle og pakker/ }));
    expect(screen.getByRole('heading', { level: 2, name: 'Palle og pakker' })).toBeTruthy();
    expect(select('Pakketype')).toBeTruthy();
    expect(screen.getByRole('navigation', { name: 'Trin' }).querySelector('[aria-current="step"]')?.textContent).toContain('Udfyld detaljer');

    await user.click(screen.getByRole('button', { name: 'Skift opgavetype' }));
    expect(screen.getByRole('button', { name: /Palle og pakker/ }).getAttribute('aria-pressed')).toBe('true');
  });

  it('?type= preselects the type and jumps to step 2', () => {
    renderAt('/create-task?type=furniture');
    expect(screen.getByRole('heading', { level: 2, name: 'Møbeltransport' })).toBeTruthy();
    expect(select('Møbeltype')).toBeTruthy();
    expect(numberInput('Antal møbler')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Kurertransport/ })).toBeNull();
  });

  it('an unknown ?type= shows the type cards', () => {
    renderAt('/tasks/create?type=rocket');
    expect(screen.getByRole('button', { name: /Flytning/ })).toBeTruthy();
  });
});

describe('create task: every field of spec section 3', () => {
  it.each<[TaskType, { selects: string[]; numbers: string[]; checks: string[]; texts: string[] }]>([
    [
      'moving',
      {
        selects: ['Boligens størrelse', 'Afstand til parkering ved afhentning', 'Afstand til parkering ved levering'],
        numbers: ['Antal værelser', 'Samlet volumen (m³)', 'Antal flyttekasser', 'Etage ved afhentning', 'Etage ved levering'],
        checks: ['Elevator ved afhentning', 'Elevator ved levering', 'Hjælp til nedpakning', 'Adskillelse og samling af møbler'],
        texts: ['Tunge genstande', 'Telefonnummer'],
      },
    ],
    [
      'courier',
      {
        selects: ['Pakkestørrelse', 'Palletype'],
        numbers: ['Vægt (kg)', 'Antal paller', 'Længde', 'Bredde', 'Højde'],
        checks: ['Haster – levering hurtigst muligt'],
        texts: [],
      },
    ],
    ['package', { selects: ['Pakketype'], numbers: ['Antal kolli', 'Samlet vægt (kg)', 'Længde'], checks: ['Skrøbeligt', 'Kan stables', 'Hjælp til læsning'], texts: [] }],
    [
      'furniture',
      {
        selects: ['Møbeltype'],
        numbers: ['Antal møbler', 'Vægt (kg)', 'Etage ved afhentning', 'Etage ved levering', 'Længde'],
        checks: ['Adskillelse før transport', 'Samling efter levering', 'Elevator'],
        texts: [],
      },
    ],
    [
      'fullload',
      {
        selects: ['Lastbiltype'],
        numbers: ['Volumen (m³)', 'Vægt (kg)'],
        checks: ['Hjælp til læsning', 'Hjælp til aflæsning', 'Temperaturstyret transport', 'Farligt gods'],
        texts: ['Læsseudstyr'],
      },
    ],
  ])('%s shows its fields', (type, { selects, numbers, checks, texts }) => {
    renderAt(`/create-task?type=${type}`);
    for (const name of selects) expect(select(name).tagName).toBe('SELECT');
    for (const name of numbers) expect([...screen.queryAllByRole('spinbutton', { name }), ...screen.queryAllByRole('textbox', { name })].length).toBeGreaterThan(0);
    for (const name of checks) expect(checkbox(name)).toBeTruthy();
    for (const name of texts) expect(input(name)).toBeTruthy();
    expect(screen.getByRole('textbox', { name: 'Beskrivelse af opgaven' })).toBeTruthy();
    for (const name of ['Ønsket afhentningsdato', 'Ønsket leveringsdato', 'Tidsrum fra', 'Tidsrum til']) expect(screen.getByLabelText(name)).toBeTruthy();
    expect(checkbox('Fleksibel afhentning')).toBeTruthy();
    expect(screen.getByLabelText('Tilføj billeder')).toBeTruthy();
  });

  it('uses the spec limits and Danish option labels', () => {
    renderAt('/create-task?type=moving');
    // Numbers are text as typed (a number input would read '2,5' its own way): the digit keyboard for whole numbers, the
    // decimal keyboard for the Danish comma; the shared schema checks the ranges (see the range messages below).
    const rooms = numberInput('Antal værelser');
    expect([rooms.getAttribute('type'), rooms.getAttribute('inputmode')]).toEqual(['text', 'numeric']);
    const volume = numberInput('Samlet volumen (m³)');
    expect([volume.getAttribute('type'), volume.getAttribute('inputmode')]).toEqual(['text', 'decimal']);
    const floor = numberInput('Etage ved afhentning');
    expect([floor.getAttribute('type'), floor.getAttribute('inputmode')]).toEqual(['text', 'numeric']);
    expect(within(select('Boligens størrelse')).getAllByRole('option').map((o) => o.textContent)).toEqual([
      'Vælg størrelse',
      'Lille lejlighed',
      'Mellemstor lejlighed',
      'Stor lejlighed',
      'Lille hus',
      'Mellemstort hus',
      'Stort hus',
    ]);
    expect(within(select('Afstand til parkering ved afhentning')).getAllByRole('option').map((o) => (o as HTMLOptionElement).value)).toEqual([
      '',
      '0',
      '10',
      '25',
      '50',
      '100',
    ]);
  });

  it('offers the display pallet for package and fullload only', async () => {
    const user = renderAt('/create-task?type=package');
    await user.click(screen.getByRole('button', { name: '+ Tilføj palle' }));
    const line = screen.getByRole('listitem', { name: 'Pallelinje 1' });
    expect(within(line).getByRole('option', { name: 'Displaypalle' })).toBeTruthy();
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Palletype' }), 'custom');
    expect(within(line).getByRole('group', { name: 'Pallemål (cm)' })).toBeTruthy();

    await user.click(screen.getByRole('button', { name: 'Skift opgavetype' }));
    await user.click(screen.getByRole('button', { name: /Kurertransport/ }));
    expect(within(select('Palletype')).queryByRole('option', { name: 'Displaypalle' })).toBeNull();
    expect(within(select('Palletype')).getByRole('option', { name: 'EUR-palle (120×80 cm)' })).toBeTruthy();
  });
});

describe("create task: 'Ingen palle' (fullload)", () => {
  it("takes no count: choosing 'Ingen palle' drops 'Antal', the summary never says '4 × Ingen palle', and no quantity is sent", async () => {
    const posted = createTaskHandler(() => HttpResponse.json(makeTask({ id: 43, type: 'fullload' }), { status: 201 }));
    server.use(posted.handler);
    const user = renderAt('/create-task?type=fullload');
    await fillAddresses(user);
    await user.selectOptions(select('Lastbiltype'), 'Stor lastbil');
    await user.type(numberInput('Volumen (m³)'), '12,5');
    await user.type(numberInput('Vægt (kg)'), '2500');
    await user.type(screen.getByRole('textbox', { name: 'Beskrivelse af opgaven' }), 'To maskiner');
    await user.click(screen.getByRole('button', { name: '+ Tilføj palle' }));
    const line = screen.getByRole('listitem', { name: 'Pallelinje 1' });
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Palletype' }), 'euro');
    await user.type(within(line).getByRole('textbox', { name: 'Antal' }), '4');
    await user.selectOptions(within(line).getByRole('combobox', { name: 'Palletype' }), 'none');
    expect(within(line).queryByRole('textbox', { name: 'Antal' })).toBeNull();

    await continueToConfirm(user);
    expect(document.body.textContent).toContain('Ingen palle');
    expect(document.body.textContent).not.toMatch(/\d+ × Ingen palle/);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect((posted.bodies[0] as { details: { pallets: unknown[] } }).details.pallets).toEqual([{ palletType: 'none' }]);
  });
});

describe('create task: validation with the shared schemas', () => {
  it.each<[TaskType, Array<[control: () => HTMLElement, message: string]>]>([
    [
      'moving',
      [
        [() => select('Boligens størrelse'), 'Vælg boligens størrelse'],
        [() => input('Telefonnummer'), 'Angiv et telefonnummer'],
      ],
    ],
    [
      'courier',
      [
        [() => select('Pakkestørrelse'), 'Vælg pakkestørrelse'],
        [() => numberInput('Vægt (kg)'), 'Angiv vægten'],
      ],
    ],
    [
      'package',
      [
        [() => select('Pakketype'), 'Vælg pakketype'],
        [() => numberInput('Antal kolli'), 'Antal kolli skal være mellem 1 og 1000'],
        [() => numberInput('Samlet vægt (kg)'), 'Angiv vægten'],
      ],
    ],
    [
      'furniture',
      [
        [() => select('Møbeltype'), 'Vælg møbeltype'],
        [() => numberInput('Antal møbler'), 'Antal møbler skal være mellem 1 og 100'],
      ],
    ],
    [
      'fullload',
      [
        [() => select('Lastbiltype'), 'Vælg lastbiltype'],
        [() => numberInput('Volumen (m³)'), 'Angiv volumen'],
        [() => numberInput('Vægt (kg)'), 'Angiv vægten'],
        [() => screen.getByRole('textbox', { name: 'Beskrivelse af opgaven' }), 'Angiv en beskrivelse af godset'],
      ],
    ],
  ])('%s: required fields are marked and say what is missing, beside the field', async (type, required) => {
    const user = renderAt(`/create-task?type=${type}`);
    for (const [control] of required) {
      const element = control();
      expect(element.hasAttribute('required')).toBe(true);
      expect(element.closest('.fb-field')?.querySelector('.ct-required')).toBeTruthy();
    }
    await user.click(next());

    expect(screen.getByRole('alert').textContent).toBe('Ret venligst fejl i formularen');
    expect(errorBeside(address('Afhentningsadresse'))).toBe('Udfyld både afhentnings- og leveringsadresse.');
    expect(errorBeside(address('Leveringsadresse'))).toBe('Udfyld både afhentnings- og leveringsadresse.');
    for (const [control, message] of required) {
      expect(control().getAttribute('aria-invalid')).toBe('true');
      expect(errorBeside(control())).toBe(message);
    }
    expect(document.activeElement).toBe(address('Afhentningsadresse')); // the first problem has the focus
  });

  it('shows the range messages of spec section 5 and clears a message once the field changes', async () => {
    const user = renderAt('/create-task?type=moving');
    await user.type(numberInput('Antal værelser'), '25');
    await user.type(numberInput('Etage ved levering'), '7');
    await user.type(numberInput('Samlet volumen (m³)'), '0,5');
    await user.click(next());
    expect(errorBeside(numberInput('Antal værelser'))).toBe('Antal værelser skal være mellem 1 og 20');
    expect(errorBeside(numberInput('Etage ved levering'))).toBe('Etage skal være mellem 0 og 6');
    expect(errorBeside(numberInput('Samlet volumen (m³)'))).toBe('Volumen skal være mindst 1 m³');

    await user.clear(numberInput('Antal værelser'));
    await user.type(numberInput('Antal værelser'), '4');
    expect(errorBeside(numberInput('Antal værelser'))).toBeNull();
  });

  it('refuses a decimal in a whole-number field as typed (2,5 is never read as 25), and still takes Danish decimals for weights', async () => {
    const user = renderAt('/create-task?type=package');
    await fillAddresses(user);
    await user.selectOptions(select('Pakketype'), 'Kasse');
    const items = screen.getByRole('textbox', { name: 'Antal kolli' });
    await user.type(items, '2,5');
    await user.type(numberInput('Samlet vægt (kg)'), '1.250,75');
    await user.click(next());

    expect(items).toHaveProperty('value', '2,5');
    expect(errorBeside(items)).toBe('Angiv et helt tal');
    expect(errorBeside(numberInput('Samlet vægt (kg)'))).toBeNull();
    expect(screen.queryByRole('heading', { level: 2, name: 'Bekræft og send' })).toBeNull();
  });

  it('checks the delivery date against the pickup date', async () => {
    const user = renderAt('/create-task?type=furniture');
    fireEvent.change(screen.getByLabelText('Ønsket afhentningsdato'), { target: { value: '2099-03-10' } });
    fireEvent.change(screen.getByLabelText('Ønsket leveringsdato'), { target: { value: '2099-03-09' } });
    await user.click(next());
    expect(errorBeside(screen.getByLabelText('Ønsket leveringsdato'))).toBe('Leveringsdatoen kan ikke ligge før afhentningsdatoen.');
  });
});

describe('create task: sending', () => {
  it('step 3 shows the numbers in Danish format (12.000 kg, 1.250,75 kg)', async () => {
    const user = renderAt('/create-task?type=package');
    await fillAddresses(user);
    await user.selectOptions(select('Pakketype'), 'Kasse');
    await user.type(numberInput('Antal kolli'), '1000');
    await user.type(numberInput('Samlet vægt (kg)'), '1250,75');
    await continueToConfirm(user);

    const details = screen.getByRole('region', { name: 'Detaljer' });
    expect(details.textContent).toContain('1.250,75 kg');
    expect(details.textContent).toContain('Antal kolli1.000');
    await user.click(screen.getByRole('button', { name: 'Ret oplysninger' }));
    await user.selectOptions(select('Pakketype'), 'Kasse');
    await user.clear(numberInput('Samlet vægt (kg)'));
    await user.type(numberInput('Samlet vægt (kg)'), '12000');
    await continueToConfirm(user);
    expect(screen.getByRole('region', { name: 'Detaljer' }).textContent).toContain('12.000 kg');
  });

  it('a customer confirms route, map and schedule on step 3, and the task is posted; then /browse-tasks', async () => {
    const posted = createTaskHandler();
    server.use(posted.handler);
    const user = renderAt('/create-task?type=courier');

    await fillAddresses(user);
    await user.selectOptions(select('Pakkestørrelse'), 'Mellem');
    await user.type(numberInput('Vægt (kg)'), '12.5');
    const measures = screen.getByRole('group', { name: 'Mål (cm)' });
    await user.type(within(measures).getByRole('textbox', { name: 'Længde' }), '40');
    await user.click(checkbox('Haster – levering hurtigst muligt'));
    fireEvent.change(screen.getByLabelText('Ønsket afhentningsdato'), { target: { value: '2099-03-05' } });
    fireEvent.change(screen.getByLabelText('Tidsrum fra'), { target: { value: '08:00' } });
    fireEvent.change(screen.getByLabelText('Tidsrum til'), { target: { value: '12:00' } });
    await user.click(checkbox('Fleksibel afhentning'));
    await continueToConfirm(user);

    expect(screen.getByRole('heading', { level: 2, name: 'Bekræft og send' })).toBeTruthy();
    const route = screen.getByRole('region', { name: 'Rute' });
    expect(route.textContent).toContain('Vestergade 1, 8000 Aarhus C');
    expect(route.textContent).toContain('Nørregade 2, 1165 København K');
    expect(within(route).getByRole('figure')).toBeTruthy(); // the route map preview (offline drawing here)
    const schedule = screen.getByRole('region', { name: 'Tidsplan' });
    expect(schedule.textContent).toContain('5. marts 2099');
    expect(schedule.textContent).toContain('08:00–12:00');
    expect(screen.getByRole('region', { name: 'Detaljer' }).textContent).toContain('12,5 kg');
    expect(screen.queryByRole('textbox', { name: 'E-mail (valgfri)' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    expect(await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 })).toBeTruthy();
    expect(posted.bodies).toHaveLength(1);
    expect(posted.bodies[0]).toMatchObject({
      type: 'courier',
      from_address: 'Vestergade 1, 8000 Aarhus C',
      to_address: 'Nørregade 2, 1165 København K',
      details: { packageSize: 'medium', packageWeight: 12.5, length: 40, urgent: true },
      preferred_pickup_date: '2099-03-05',
      preferred_delivery_date: null,
      time_frame_start: '08:00',
      time_frame_end: '12:00',
      is_flexible: true,
      contact_email: null,
      images: [],
    });
  });

  it('keeps what an address suggestion gave: postal code and city, and coordinates for a move', async () => {
    server.use(
      geoSuggest([
        {
          label: 'Vestergade 1, 8000 Aarhus C',
          address: 'Vestergade 1, 8000 Aarhus C',
          formattedAddress: 'Vestergade 1, 8000 Aarhus C',
          lat: 56.156,
          lng: 10.205,
          location: { lat: 56.156, lng: 10.205 },
          placeId: 'dar-1',
          street: 'Vestergade',
          houseNo: '1',
          postalCode: '8000',
          city: 'Aarhus C',
          country: 'Danmark',
          countryCode: 'DK',
        },
      ]),
    );
    const posted = createTaskHandler();
    server.use(posted.handler);
    const user = renderAt('/create-task?type=moving');

    await user.type(address('Afhentningsadresse'), 'Vester');
    await screen.findByRole('option', { name: 'Vestergade 1, 8000 Aarhus C' });
    await user.keyboard('{ArrowDown}{Enter}');
    await user.type(address('Leveringsadresse'), 'Ny Vej 3, 5000 Odense C');
    await user.selectOptions(select('Boligens størrelse'), 'Lille hus');
    await user.type(input('Telefonnummer'), '12 34 56 78');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));

    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(posted.bodies[0]).toMatchObject({
      from_address: 'Vestergade 1, 8000 Aarhus C',
      from_postal_code: '8000',
      from_city: 'Aarhus C',
      details: { apartmentSize: 'house_small', contactPhone: '12 34 56 78', fromLat: 56.156, fromLng: 10.205, fromPlaceId: 'dar-1' },
    });
  });

  it('a failure to create shows "Kunne ikke oprette opgave" unless the server said more', async () => {
    server.use(createTaskHandler(() => new HttpResponse(null, { status: 502 })).handler);
    const user = renderAt('/create-task?type=furniture');
    await fillAddresses(user);
    await user.selectOptions(select('Møbeltype'), 'Sofa');
    await user.type(numberInput('Antal møbler'), '1');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Kunne ikke oprette opgave');
    expect(screen.getByRole('heading', { level: 2, name: 'Bekræft og send' })).toBeTruthy();
  });
});

describe('create task: guests', () => {
  beforeEach(() => setSession(null));

  it('a visitor without guest=1 signs in first and comes back here', () => {
    renderAt('/create-task?type=moving');
    expect(screen.getByTestId('location').textContent).toBe('/login?next=/create-task%3Ftype%3Dmoving');
  });

  it('a guest gives an e-mail (required) and maybe a phone, is told to log in for chat and payment, and the task is posted', async () => {
    const token = 'privat-link-token-0123456789abcdef';
    const posted = createTaskHandler(() => HttpResponse.json(makeTask({ id: 42, contact_email: 'gaest@example.dk', access_token: token }), { status: 201 }));
    server.use(posted.handler);
    const user = renderAt('/create-task?type=furniture&guest=1');

    const contact = screen.getByRole('region', { name: 'Dine kontaktoplysninger' });
    expect(contact.textContent).toContain('Du opretter opgaven som gæst. Log ind for at bruge chat og betaling.');
    expect(contact.textContent).toContain('Din e-mail skal udfyldes');
    expect(within(contact).getByRole('link', { name: 'Log ind' }).getAttribute('href')).toBe('/login?next=/create-task%3Ftype%3Dfurniture%26guest%3D1');

    await fillAddresses(user);
    await user.selectOptions(select('Møbeltype'), 'Reol');
    await user.type(numberInput('Antal møbler'), '2');
    await user.type(input('E-mail'), 'Gaest@Example.dk');
    await continueToConfirm(user);
    expect(screen.getByRole('region', { name: 'Kontakt' }).textContent).toContain('Gaest@Example.dk');
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));

    // The guest's confirmation page, told that the follow-up link was mailed, and given the link's token to link to.
    await screen.findByRole('heading', { name: 'Side: task-created' }, { timeout: 5_000 });
    expect(screen.getByTestId('location').textContent).toBe(`/task-created/42?mail=1&access=${token}`);
    expect(posted.bodies[0]).toMatchObject({ type: 'furniture', contact_email: 'gaest@example.dk', contact_phone: null });
  });

  it('a guest moving asks for the phone once: the moving form\'s own Telefonnummer is the contact phone too', async () => {
    const posted = createTaskHandler(() => HttpResponse.json(makeTask({ id: 43, type: 'moving', contact_email: 'gaest@example.dk' }), { status: 201 }));
    server.use(posted.handler);
    const user = renderAt('/create-task?type=moving&guest=1');

    expect(screen.getAllByRole('textbox', { name: /telefon/i }).map((field) => field.getAttribute('type'))).toEqual(['tel']);
    expect(screen.queryByRole('textbox', { name: 'Telefon (valgfri)' })).toBeNull();
    expect(screen.getByRole('region', { name: 'Dine kontaktoplysninger' }).textContent).toContain('Telefonnummeret er det, du har angivet ovenfor.');

    await fillAddresses(user);
    await user.selectOptions(select('Boligens størrelse'), 'Lille hus');
    await user.type(input('Telefonnummer'), '12 34 56 78');
    await user.type(input('E-mail'), 'gaest@example.dk');
    await continueToConfirm(user);
    expect(screen.getByRole('region', { name: 'Kontakt' }).textContent).toContain('12 34 56 78');
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));

    await screen.findByRole('heading', { name: 'Side: task-created' }, { timeout: 5_000 });
    expect(posted.bodies[0]).toMatchObject({ type: 'moving', contact_email: 'gaest@example.dk', details: { contactPhone: '12 34 56 78' } });
    expect((posted.bodies[0] as { contact_phone: string }).contact_phone.replace(/\D/g, '')).toBe('12345678');
  });

  it('the guest texts of a 400 are shown where they belong: the addresses…', async () => {
    const message = 'Udfyld både afhentnings- og leveringsadresse.';
    server.use(
      createTaskHandler(() =>
        HttpResponse.json({ code: 'invalid_input', message, details: [{ path: 'to_address', message }] }, { status: 400 }),
      ).handler,
    );
    const user = renderAt('/create-task?type=furniture&guest=1');
    await fillAddresses(user);
    await user.selectOptions(select('Møbeltype'), 'Bord');
    await user.type(numberInput('Antal møbler'), '1');
    await user.type(input('E-mail'), 'gaest@example.dk');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));

    await waitFor(() => expect(errorBeside(address('Leveringsadresse'))).toBe(message));
    expect(screen.getByRole('alert').textContent).toBe('Kunne ikke oprette opgave');
    expect(document.activeElement).toBe(address('Leveringsadresse'));
  });

  it('…and the type cards', async () => {
    const message = 'Vælg en opgavetype først.';
    server.use(createTaskHandler(() => HttpResponse.json({ code: 'invalid_input', message }, { status: 400 })).handler);
    const user = renderAt('/create-task?type=furniture&guest=1');
    await fillAddresses(user);
    await user.selectOptions(select('Møbeltype'), 'Bord');
    await user.type(numberInput('Antal møbler'), '1');
    await user.type(input('E-mail'), 'gaest@example.dk');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Opret opgave' }));

    const typeList = await screen.findByRole('list', { name: 'Hvad skal transporteres?' });
    expect(typeList.getAttribute('aria-describedby')).toBeTruthy();
    expect(document.getElementById(typeList.getAttribute('aria-describedby')!)?.textContent).toBe(message);
  });
  it('when a guest leaves the e-mail empty, then the browser says so beside the field before anything is sent', async () => {
    const posted = createTaskHandler();
    server.use(posted.handler);
    const user = renderAt('/create-task?type=furniture&guest=1');
    await fillAddresses(user);
    await user.selectOptions(select('Møbeltype'), 'Bord');
    await user.type(numberInput('Antal møbler'), '1');
    await user.type(input('Telefon (valgfri)'), '12345678');
    await user.click(next());

    await waitFor(() => expect(errorBeside(input('E-mail'))).toBe(messages.guestContactEmailRequired));
    expect(screen.queryByRole('heading', { level: 2, name: 'Bekræft og send' })).toBeNull();
    expect(posted.bodies).toEqual([]);
  });
});

describe('create task: who may be here', () => {
  it('a carrier who reaches the page goes to /BrowseTasks', () => {
    setSession(makeUser({ role: 'carrier' }));
    renderAt('/create-task?type=moving');
    expect(screen.getByTestId('location').textContent).toBe('/BrowseTasks');
  });
});

describe('edit a task', () => {
  it('prefills the form from GET /tasks/{id} and saves with PUT', async () => {
    const saved = updateTaskHandler();
    server.use(getTaskHandler(() => HttpResponse.json(makeTask({ is_guest: true, contact_email: 'gaest@example.dk' }))), saved.handler);
    const user = renderAt('/create-task?edit=7');

    expect(screen.getByRole('status').textContent).toBe('Henter opgaven…');
    expect(((await editFormLoaded()) as HTMLInputElement).value).toBe('Vestergade 1, 8000 Aarhus C');
    expect((select('Møbeltype') as HTMLSelectElement).value).toBe('sofa');
    expect((numberInput('Antal møbler') as HTMLInputElement).value).toBe('2');
    expect((numberInput('Vægt (kg)') as HTMLInputElement).value).toBe('80,5');
    expect(within(screen.getByRole('group', { name: 'Mål (cm)' })).getAllByRole('textbox').map((el) => (el as HTMLInputElement).value)).toEqual([
      '220',
      '90',
      '85',
    ]);
    expect((checkbox('Samling efter levering') as HTMLInputElement).checked).toBe(true);
    expect((screen.getByLabelText('Ønsket afhentningsdato') as HTMLInputElement).value).toBe('2026-03-05');
    expect((checkbox('Fleksibel afhentning') as HTMLInputElement).checked).toBe(true);
    expect(screen.getByRole('img', { name: 'Billede 1' })).toBeTruthy();
    expect((input('E-mail (valgfri)') as HTMLInputElement).value).toBe('gaest@example.dk'); // kept, not wiped by the save

    await user.clear(numberInput('Antal møbler'));
    await user.type(numberInput('Antal møbler'), '3');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));

    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(saved.bodies[0]).toMatchObject({
      type: 'furniture',
      details: { furnitureType: 'sofa', numberOfItems: 3, weight: 80.5, dimensions: { length: 220, width: 90, height: 85 }, needAssembly: true },
      images: ['/api/files/a.jpg'],
      contact_email: 'gaest@example.dk',
      contact_phone: null,
    });
  });

  it('what was typed survives a reload of the edit page, and is gone once saved', async () => {
    const saved = updateTaskHandler();
    server.use(getTaskHandler(() => HttpResponse.json(makeTask())), saved.handler);
    let user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    await user.clear(numberInput('Vægt (kg)'));
    await user.type(numberInput('Vægt (kg)'), '45,5');
    await user.clear(input('Beskrivelse af opgaven'));
    await user.type(input('Beskrivelse af opgaven'), 'Ny tekst');

    cleanup(); // the reload
    user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    expect((numberInput('Vægt (kg)') as HTMLInputElement).value).toBe('45,5');
    expect((input('Beskrivelse af opgaven') as HTMLTextAreaElement).value).toBe('Ny tekst');

    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(saved.bodies[0]).toMatchObject({ description: 'Ny tekst', details: { weight: 45.5 } });
    expect(sessionStorage.length).toBe(0);
  });

  it("another user's edit draft of the same task is not offered", async () => {
    server.use(getTaskHandler(() => HttpResponse.json(makeTask())));
    let user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    await user.clear(numberInput('Vægt (kg)'));
    await user.type(numberInput('Vægt (kg)'), '45,5');

    cleanup();
    setSession(makeUser({ id: 99, role: 'admin' }));
    user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    expect((numberInput('Vægt (kg)') as HTMLInputElement).value).toBe('80,5');
  });

  it('a 409 on save goes to the task with "Opgaven kan ikke længere redigeres."', async () => {
    server.use(
      getTaskHandler(() => HttpResponse.json(makeTask())),
      updateTaskHandler(() => HttpResponse.json({ code: 'task_not_editable', message: 'Opgaven kan ikke længere redigeres.' }, { status: 409 })).handler,
    );
    const user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));

    expect(await screen.findByRole('heading', { name: 'Side: task' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByTestId('location').textContent).toBe('/task/7');
    expect(screen.getByRole('status').textContent).toBe('Opgaven kan ikke længere redigeres.');
  });

  it('an edit with an emptied address is refused beside the field, without asking the server; then addresses, description and phone are saved', async () => {
    const saved = updateTaskHandler();
    server.use(getTaskHandler(() => HttpResponse.json(makeTask())), saved.handler);
    const user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    // The type is kept; a new one is chosen in step 1 ('Skift opgavetype'), which has each type's own fields.
    expect(screen.getByRole('heading', { level: 2, name: 'Møbeltransport' })).toBeTruthy();
    await user.clear(address('Afhentningsadresse'));
    await user.click(next());
    expect(await screen.findByRole('alert')).toBeTruthy();
    expect(errorBeside(address('Afhentningsadresse'))).toBe('Udfyld både afhentnings- og leveringsadresse.');
    expect(saved.bodies).toEqual([]);

    await user.type(address('Afhentningsadresse'), 'Åboulevarden 5, 8000 Aarhus C');
    await user.clear(input('Beskrivelse af opgaven'));
    await user.type(input('Beskrivelse af opgaven'), 'Klaver og sofa');
    await user.type(input('Telefon (valgfri)'), '12 34 56 78');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(saved.bodies[0]).toMatchObject({ type: 'furniture', from_address: 'Åboulevarden 5, 8000 Aarhus C', description: 'Klaver og sofa' });
    expect((saved.bodies[0] as { contact_phone: string }).contact_phone.replace(/\D/g, '')).toBe('12345678');
  });

  it('an admin edits a task past acceptance (API.md: admin always), but not its photos', async () => {
    setSession(makeUser({ id: 1, role: 'admin' }));
    const saved = updateTaskHandler();
    server.use(getTaskHandler(() => HttpResponse.json(makeTask({ status: 'assigned', assigned_carrier_id: 3 }))), saved.handler);
    const user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    expect(screen.getByText('Billederne kan ikke ændres, efter et bud er accepteret.')).toBeTruthy();
    expect(screen.queryByLabelText('Tilføj billeder')).toBeNull();

    await user.clear(input('Beskrivelse af opgaven'));
    await user.type(input('Beskrivelse af opgaven'), 'Rettet af admin');
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 });
    expect(saved.bodies[0]).toMatchObject({ description: 'Rettet af admin', images: ['/api/files/a.jpg'] });
  });

  it("the server's refusal of changed photos is shown on the form, which stays open", async () => {
    setSession(makeUser({ id: 1, role: 'admin' }));
    server.use(
      getTaskHandler(() => HttpResponse.json(makeTask())),
      updateTaskHandler(() =>
        HttpResponse.json({ code: 'task_images_locked', message: 'Billederne kan ikke ændres, efter et bud er accepteret.' }, { status: 409 }),
      ).handler,
    );
    const user = renderAt('/create-task?edit=7');
    await editFormLoaded();
    await continueToConfirm(user);
    await user.click(screen.getByRole('button', { name: 'Gem ændringer' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Billederne kan ikke ændres, efter et bud er accepteret.');
    expect(screen.getByRole('heading', { level: 1, name: 'Rediger opgave #7' })).toBeTruthy();
  });

  it('a task already assigned (or later) is not opened for editing', async () => {
    server.use(getTaskHandler(() => HttpResponse.json(makeTask({ status: 'assigned' }))));
    renderAt('/create-task?edit=7');
    expect(await screen.findByRole('heading', { name: 'Side: task' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Opgaven kan ikke længere redigeres.');
  });

  it('a task that cannot be loaded sends the user to /browse-tasks with "Kunne ikke hente opgaven til redigering."', async () => {
    server.use(getTaskHandler(() => HttpResponse.json({ code: 'not_found', message: 'Opgave ikke fundet' }, { status: 404 })));
    renderAt('/create-task?edit=7');
    expect(await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 })).toBeTruthy();
    expect(screen.getByRole('status').textContent).toBe('Kunne ikke hente opgaven til redigering.');
  });

  it('a non-numeric edit id is a load failure too, without asking the server', async () => {
    renderAt('/create-task?edit=abc');
    expect(await screen.findByRole('heading', { name: 'Side: browse-tasks' }, { timeout: 5_000 })).toBeTruthy();
  });

  it('editing needs a signed-in user, even with guest=1', () => {
    setSession(null);
    renderAt('/create-task?edit=7&guest=1');
    expect(screen.getByTestId('location').textContent).toBe('/login?next=/create-task%3Fedit%3D7%26guest%3D1');
  });

  it('with 12 photos already, no more can be added', async () => {
    const images = Array.from({ length: 12 }, (_, i) => `/api/files/${i}.jpg`);
    server.use(getTaskHandler(() => HttpResponse.json(makeTask({ images }))));
    renderAt('/create-task?edit=7');
    await editFormLoaded();
    expect(screen.getAllByRole('img', { name: /^Billede \d+$/ })).toHaveLength(12);
    expect(screen.getByText('12 af 12')).toBeTruthy();
    expect(screen.queryByLabelText('Tilføj billeder')).toBeNull();
  });
});
