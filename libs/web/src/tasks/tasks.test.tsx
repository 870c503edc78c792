import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ImageGallery } from './image-gallery';
import { RouteMap, configureRouteMap, routeMapEmbedUrl } from './route-map';
import { TaskStatusBadge, taskStatusLabel } from './task-status';
import { TaskStatusProgress } from './task-status-progress';
import { taskPlace } from './task-places';

afterEach(() => configureRouteMap({ embedUrlTemplate: null }));

const currentStep = () =>
  within(screen.getByRole('list', { name: 'Opgavens forløb' }))
    .getAllByRole('listitem')
    .find((item) => item.getAttribute('aria-current') === 'step');

describe('task status', () => {
  it('labels statuses in Danish and shows unknown ones as they came', () => {
    expect(taskStatusLabel('open_for_bids')).toBe('Åben for bud');
    expect(taskStatusLabel('in_transit')).toBe('På vej');
    expect(taskStatusLabel('something_new')).toBe('something_new');
    render(<TaskStatusBadge status="cancelled" />);
    expect(screen.getByText('Annulleret').className).toContain('fb-status--danger');
  });

  it('puts statuses without a step of their own at the nearest step, and says so', () => {
    render(<TaskStatusProgress status="in_progress" />);
    expect(currentStep()?.textContent).toContain('På vej');
    expect(screen.getByRole('note').textContent).toBe('Status: I gang');
  });

  it('marks no step as current for a cancelled task', () => {
    render(<TaskStatusProgress status="cancelled" />);
    expect(currentStep()).toBeUndefined();
    expect(screen.getByRole('note').textContent).toBe('Opgaven er annulleret.');
  });

  it('counts every step done once the task is completed', () => {
    render(<TaskStatusProgress status="completed" />);
    expect(screen.getAllByText('(gennemført)', { exact: false })).toHaveLength(7);
    expect(currentStep()?.textContent).toContain('Afsluttet');
  });
});

describe('route map', () => {
  it('draws the route offline when no maps embed is configured', () => {
    render(<RouteMap from="8000 Aarhus C" to="2200 København N" />);
    const figure = screen.getByRole('figure', { name: 'Rute fra 8000 Aarhus C til 2200 København N' });
    expect(figure.querySelector('svg')).toBeTruthy();
    expect(figure.querySelector('iframe')).toBeNull();
  });

  it('embeds the configured map with origin and destination filled in', () => {
    configureRouteMap({ embedUrlTemplate: 'https://maps.example/embed?origin={origin}&destination={destination}&region=DK&language=da' });
    render(<RouteMap from="Vestergade 1, 8000 Aarhus C" to="2200 København N" />);
    expect(screen.getByTitle('Rute fra Vestergade 1, 8000 Aarhus C til 2200 København N').getAttribute('src')).toBe(
      'https://maps.example/embed?origin=Vestergade%201%2C%208000%20Aarhus%20C&destination=2200%20K%C3%B8benhavn%20N&region=DK&language=da',
    );
  });

  it('ignores a template that is not https', () => {
    configureRouteMap({ embedUrlTemplate: 'javascript:alert({origin})' });
    expect(routeMapEmbedUrl('a', 'b')).toBeNull();
  });
});

describe('task places', () => {
  const empty = { from_address: null, to_address: null, from_postal_code: null, from_city: null, to_postal_code: null, to_city: null };

  it('shows postal code and city, from the fields or else from the address text', () => {
    expect(taskPlace({ ...empty, from_postal_code: '8000', from_city: 'Aarhus C' }, 'from')).toBe('8000 Aarhus C');
    expect(taskPlace({ ...empty, to_address: 'Nørrebrogade 10, 2200 København N' }, 'to')).toBe('2200 København N');
    expect(taskPlace(empty, 'to')).toBe('Ukendt');
  });
});

describe('image gallery', () => {
  it('opens a larger view and steps through the pictures', async () => {
    render(<ImageGallery images={['/a.jpg', '/b.jpg']} subject="Flytning #3" />);
    await userEvent.click(screen.getByRole('button', { name: 'Vis billede 1 af 2' }));
    const dialog = screen.getByRole('dialog', { name: 'Billede 1 af 2 – Flytning #3' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Næste' }));
    expect(screen.getByRole('img', { name: 'Billede 2 af 2 – Flytning #3' }).getAttribute('src')).toBe('/b.jpg');
  });
});
