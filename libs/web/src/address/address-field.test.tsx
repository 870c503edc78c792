import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { delay, http, HttpResponse } from 'msw';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithQueryClient, setupApiServer } from '../testing';
import { AddressField } from './address-field';
import { ADDRESS_SUGGEST } from './suggest-addresses';
import type { AddressValue } from './address-suggestion';

const server = setupApiServer();

function suggestion(address: string, postalCode: string, city: string, lat = 56.15, lng = 10.2) {
  return {
    label: `${address}, ${postalCode} ${city}`,
    address: `${address}, ${postalCode} ${city}`,
    formattedAddress: `${address}, ${postalCode} ${city}`,
    lat,
    lng,
    location: { lat, lng },
    placeId: `id-${address}`,
    street: address.split(' ')[0]!,
    houseNo: address.split(' ')[1] ?? '',
    postalCode,
    city,
    country: 'Danmark',
    countryCode: 'DK',
  };
}

const VESTERGADE = [suggestion('Vestergade 1', '8000', 'Aarhus C'), suggestion('Vestergade 2', '1456', 'København K', 55.68, 12.57)];

function Harness({ onValue }: { onValue?: (value: AddressValue) => void }) {
  const [value, setValue] = useState<AddressValue>({ address: '' });
  return (
    <AddressField
      label="Afhentningsadresse"
      value={value}
      onChange={(next) => {
        setValue(next);
        onValue?.(next);
      }}
    />
  );
}

/** Records the q of every suggest call; answers with `answer(q)`. */
function suggestHandler(answer: (q: string, request: Request) => Promise<Response> | Response) {
  const queries: string[] = [];
  server.use(
    http.get('/api/geo/suggest', ({ request }) => {
      const q = new URL(request.url).searchParams.get('q') ?? '';
      queries.push(q);
      return answer(q, request);
    }),
  );
  return queries;
}

describe('AddressField', () => {
  it('searches once, 300 ms after the last keystroke, and only from 3 characters', async () => {
    const queries = suggestHandler(() => HttpResponse.json({ items: VESTERGADE }));
    // The debounce runs on a fake clock: time passes exactly when the test says so. Keystrokes are change events
    // (user-event drains on a real setTimeout, which a fake clock would hold). The fetch spy sees a search the moment
    // it is asked for, before any answer.
    const fetching = vi.spyOn(globalThis, 'fetch');
    const asked = () =>
      fetching.mock.calls.map(([url]) => new URL(String(url), location.href)).filter((url) => url.pathname === '/api/geo/suggest').map((url) => url.search);
    const { debounceMs } = ADDRESS_SUGGEST;
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] });
    try {
      renderWithQueryClient(<Harness />);
      const input = screen.getByRole('combobox', { name: 'Afhentningsadresse' });
      const typeAndWait = async (value: string, ms: number) => {
        fireEvent.change(input, { target: { value } });
        await act(async () => vi.advanceTimersByTime(ms));
      };

      await typeAndWait('Ve', debounceMs); // settled, but two characters: no search at all
      expect(asked()).toEqual([]);
      for (const typed of ['Ves', 'Vest', 'Veste', 'Vester', 'Vesterg', 'Vesterga', 'Vestergad']) {
        await typeAndWait(typed, debounceMs - 1); // each keystroke inside the window starts it again
      }
      await typeAndWait('Vestergade', debounceMs - 1);
      expect(asked()).toEqual([]);
      await act(async () => vi.advanceTimersByTime(1));
      expect(asked()).toEqual(['?q=Vestergade']);
      // What the query library queued on the fake clock (its batched notifications) runs before the real one is back.
      await act(() => vi.advanceTimersByTimeAsync(0));
    } finally {
      vi.useRealTimers();
      fetching.mockRestore();
    }
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(queries).toEqual(['Vestergade']);
    expect(screen.getByRole('combobox').getAttribute('aria-expanded')).toBe('true');
  });

  it('shows at most 6 suggestions', async () => {
    const many = Array.from({ length: 9 }, (_, i) => suggestion(`Søndergade ${i + 1}`, '8000', 'Aarhus C'));
    suggestHandler(() => HttpResponse.json({ items: many }));
    renderWithQueryClient(<Harness />);
    await userEvent.setup().type(screen.getByRole('combobox'), 'Sønder');
    expect(await screen.findAllByRole('option')).toHaveLength(6);
  });

  it('a new search aborts the one still running, silently, and shows only the newest answer', async () => {
    const aborted: string[] = [];
    const queries = suggestHandler(async (q, request) => {
      if (q === 'Vester') {
        request.signal.addEventListener('abort', () => aborted.push(q));
        // A slow answer (cut short by the abort), not a wait for something to happen.
        await delay(2_000);
        return HttpResponse.json({ items: [suggestion('Forkert 9', '9999', 'Gammel')] });
      }
      return HttpResponse.json({ items: VESTERGADE });
    });
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByRole('combobox');

    await user.type(input, 'Vester');
    await waitFor(() => expect(queries).toEqual(['Vester']));
    await user.type(input, 'gade');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    expect(queries).toEqual(['Vester', 'Vestergade']);
    await waitFor(() => expect(aborted).toEqual(['Vester']));
    expect(screen.queryByText(/Gammel/)).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('is keyboard navigable: arrows move the active option, Enter chooses it and keeps its details', async () => {
    suggestHandler(() => HttpResponse.json({ items: VESTERGADE }));
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithQueryClient(<Harness onValue={onValue} />);
    const input = screen.getByRole('combobox');

    await user.type(input, 'Vestergade');
    const options = await screen.findAllByRole('option');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    expect(options[0]!.getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowDown}');
    expect(input.getAttribute('aria-activedescendant')).toBe(options[1]!.id);
    await user.keyboard('{ArrowDown}'); // wraps around
    expect(input.getAttribute('aria-activedescendant')).toBe(options[0]!.id);
    await user.keyboard('{ArrowUp}{Enter}');

    expect((input as HTMLInputElement).value).toBe('Vestergade 2, 1456 København K');
    expect(screen.queryByRole('option')).toBeNull();
    expect(input.getAttribute('aria-expanded')).toBe('false');
    expect(onValue).toHaveBeenLastCalledWith(
      expect.objectContaining({ address: 'Vestergade 2, 1456 København K', postalCode: '1456', city: 'København K', lat: 55.68, lng: 12.57 }),
    );
  });

  it('Escape closes the list, and choosing with the mouse works too', async () => {
    suggestHandler(() => HttpResponse.json({ items: VESTERGADE }));
    const user = userEvent.setup();
    renderWithQueryClient(<Harness />);
    const input = screen.getByRole('combobox');

    await user.type(input, 'Vestergade');
    await screen.findAllByRole('option');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('option')).toBeNull();

    await user.keyboard('{ArrowDown}'); // reopens
    await user.click(screen.getAllByRole('option')[0]!);
    expect((input as HTMLInputElement).value).toBe('Vestergade 1, 8000 Aarhus C');
  });

  it('a failed search empties the list and leaves a plain free-text field', async () => {
    let fail = false;
    suggestHandler(() => (fail ? HttpResponse.json({ message: 'nede' }, { status: 503 }) : HttpResponse.json({ items: VESTERGADE })));
    const onValue = vi.fn();
    const user = userEvent.setup();
    renderWithQueryClient(<Harness onValue={onValue} />);
    const input = screen.getByRole('combobox');

    await user.type(input, 'Vestergade');
    expect(await screen.findAllByRole('option')).toHaveLength(2);
    fail = true;
    await user.type(input, ' 99');
    await waitFor(() => expect(screen.queryByRole('option')).toBeNull());
    expect(screen.queryByRole('alert')).toBeNull();
    expect((input as HTMLInputElement).value).toBe('Vestergade 99');
    expect(onValue).toHaveBeenLastCalledWith({ address: 'Vestergade 99' });
  });

  it('with no suggestions it is a plain text field, and Enter is left to the form', async () => {
    suggestHandler(() => HttpResponse.json({ items: [] }));
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const user = userEvent.setup();
    renderWithQueryClient(
      <form onSubmit={onSubmit}>
        <Harness />
      </form>,
    );
    await user.type(screen.getByRole('combobox'), 'Ukendt vej 1{Enter}');
    expect(onSubmit).toHaveBeenCalled();
    expect(screen.queryByRole('option')).toBeNull();
  });

  it('shows its error beside the field and points the input at it', () => {
    renderWithQueryClient(<AddressField label="Leveringsadresse" value={{ address: '' }} onChange={() => undefined} error="Udfyld både afhentnings- og leveringsadresse." />);
    const input = screen.getByRole('combobox', { name: 'Leveringsadresse' });
    expect(input.getAttribute('aria-invalid')).toBe('true');
    const errorId = input.getAttribute('aria-describedby')!;
    expect(document.getElementById(errorId)?.textContent).toBe('Udfyld både afhentnings- og leveringsadresse.');
  });
});
