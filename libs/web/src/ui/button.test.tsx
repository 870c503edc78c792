import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Button } from './button';

describe('Button', () => {
  it('takes focus back when it is done loading, when disabling it dropped the keyboard to the page (a refused form)', () => {
    const { rerender } = render(<Button>Gem</Button>);
    const button = screen.getByRole('button', { name: 'Gem' });
    button.focus();
    rerender(<Button loading>Gem</Button>);
    expect(button.getAttribute('aria-busy')).toBe('true');
    // What a browser does to a focused button that becomes disabled (jsdom does not): the keyboard falls to the page.
    const elsewhere = document.body.appendChild(document.createElement('input'));
    elsewhere.focus();
    elsewhere.remove();
    expect(document.activeElement).toBe(document.body);
    rerender(<Button>Gem</Button>);
    expect(document.activeElement).toBe(button);
  });

  it('leaves the keyboard where the user moved it while the button was loading', () => {
    const ui = (loading: boolean) => (
      <>
        <Button loading={loading}>Gem</Button>
        <input aria-label="Note" />
      </>
    );
    const { rerender } = render(ui(false));
    screen.getByRole('button', { name: 'Gem' }).focus();
    rerender(ui(true));
    const note = screen.getByRole('textbox', { name: 'Note' });
    note.focus();
    rerender(ui(false));
    expect(document.activeElement).toBe(note);
  });
});
