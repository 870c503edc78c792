import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { useSessionDraft } from './use-session-draft';

function Draft({ draftKey }: { draftKey: string }) {
  const [value, setValue, clear] = useSessionDraft(draftKey);
  return (
    <>
      <label>
        Besked
        <textarea value={value} onChange={(event) => setValue(event.target.value)} />
      </label>
      <button type="button" onClick={clear}>
        Ryd
      </button>
    </>
  );
}

describe('useSessionDraft', () => {
  it('when the page is left and opened again (a login, a reload), then the typed text is back; cleared, it is gone', async () => {
    const first = render(<Draft draftKey="draft:a" />);
    await userEvent.type(screen.getByLabelText('Besked'), 'Hej med dig');
    first.unmount();

    const again = render(<Draft draftKey="draft:a" />);
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('Hej med dig');
    await userEvent.click(screen.getByRole('button', { name: 'Ryd' }));
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('');
    again.unmount();

    render(<Draft draftKey="draft:a" />);
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('');
    expect(sessionStorage.getItem('draft:a')).toBeNull();
  });

  it('when the key changes (another conversation), then that key’s own draft is shown', async () => {
    sessionStorage.setItem('draft:b', 'Til B');
    const view = render(<Draft draftKey="draft:a" />);
    await userEvent.type(screen.getByLabelText('Besked'), 'Til A');
    view.rerender(<Draft draftKey="draft:b" />);
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('Til B');
    view.rerender(<Draft draftKey="draft:a" />);
    expect((screen.getByLabelText('Besked') as HTMLTextAreaElement).value).toBe('Til A');
  });
});
