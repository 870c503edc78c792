import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { ApiError } from '../api/api-error';
import { Field } from '../ui/field';
import { applyServerFieldErrors, fieldError, useContractForm, useDraftedContractForm } from './use-contract-form';

// A contract schema as libs/contracts writes them: Danish messages, inputs that are strings, a transformed output.
const schema = z.object({
  name: z.string().trim().min(1, 'Skriv et navn'),
  amount: z
    .string()
    .regex(/^\d+$/, 'Skriv et helt beløb i kroner')
    .transform((kroner) => Number(kroner) * 100),
});

function AmountForm({ onSave, serverError }: { onSave: (value: { name: string; amount: number }) => void; serverError?: unknown }) {
  const form = useContractForm(schema, { defaultValues: { name: '', amount: '' } });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((value) => {
        if (serverError && applyServerFieldErrors(form, serverError)) return;
        onSave(value);
      })}
    >
      <Field label="Navn" {...form.register('name')} error={fieldError(form, 'name')} />
      <Field label="Beløb" {...form.register('amount')} error={fieldError(form, 'amount')} />
      <button type="submit">Gem</button>
    </form>
  );
}

describe('useContractForm', () => {
  it("shows the contract schema's Danish messages beside each field and submits nothing while they stand", async () => {
    const onSave = vi.fn();
    render(<AmountForm onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Beløb'), { target: { value: '12,5' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Skriv et navn')).toBeTruthy();
    expect(screen.getByText('Skriv et helt beløb i kroner')).toBeTruthy();
    expect(screen.getByLabelText('Beløb').getAttribute('aria-invalid')).toBe('true');
    expect(onSave).not.toHaveBeenCalled();
  });

  it("hands the submit what the schema made of the input (kroner typed, øre out)", async () => {
    const onSave = vi.fn();
    render(<AmountForm onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: '  Fragt A/S ' } });
    fireEvent.change(screen.getByLabelText('Beløb'), { target: { value: '125' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Fragt A/S', amount: 12_500 }));
  });

  it("puts a 400's field errors on the form's own fields and leaves unknown fields to the caller", async () => {
    const onSave = vi.fn();
    const known = new ApiError({ status: 400, code: 'validation_failed', message: 'Ugyldige data', details: [{ field: 'name', message: 'Navnet er taget' }] });
    const { unmount } = render(<AmountForm onSave={onSave} serverError={known} />);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Fragt' } });
    fireEvent.change(screen.getByLabelText('Beløb'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    expect(await screen.findByText('Navnet er taget')).toBeTruthy();
    expect(onSave).not.toHaveBeenCalled();
    unmount();

    const unknown = new ApiError({ status: 400, code: 'validation_failed', message: 'Ugyldige data', details: [{ field: 'iban', message: 'Forkert' }] });
    render(<AmountForm onSave={onSave} serverError={unknown} />);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Fragt' } });
    fireEvent.change(screen.getByLabelText('Beløb'), { target: { value: '1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledTimes(1));
    expect(screen.queryByText('Forkert')).toBeNull();
  });
});

const contactSchema = z.object({ name: z.string().trim().min(1, 'Skriv et navn'), phone: z.string() });

function DraftedForm({ draftKey, onSave }: { draftKey: string; onSave: (value: { name: string; phone: string }) => void }) {
  const { form, clearDraft } = useDraftedContractForm(contactSchema, draftKey, { name: 'Karen', phone: '' });
  return (
    <form
      noValidate
      onSubmit={form.handleSubmit((value) => {
        onSave(value);
        form.reset(value);
        clearDraft();
      })}
    >
      <Field label="Navn" {...form.register('name')} error={fieldError(form, 'name')} />
      <Field label="Telefon" {...form.register('phone')} />
      <button type="submit">Gem</button>
    </form>
  );
}

describe('useDraftedContractForm', () => {
  it('keeps what was typed across a new mount under the same key only, and forgets it once saved', async () => {
    sessionStorage.clear();
    const onSave = vi.fn();
    const first = render(<DraftedForm draftKey="test:draft:1" onSave={onSave} />);
    fireEvent.change(screen.getByLabelText('Navn'), { target: { value: 'Karen Kundesen' } });
    fireEvent.change(screen.getByLabelText('Telefon'), { target: { value: '22 33 44 55' } });
    first.unmount();

    const other = render(<DraftedForm draftKey="test:draft:2" onSave={onSave} />);
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Karen');
    other.unmount();

    const again = render(<DraftedForm draftKey="test:draft:1" onSave={onSave} />);
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Karen Kundesen');
    expect((screen.getByLabelText('Telefon') as HTMLInputElement).value).toBe('22 33 44 55');
    fireEvent.click(screen.getByRole('button', { name: 'Gem' }));
    await waitFor(() => expect(onSave).toHaveBeenCalledWith({ name: 'Karen Kundesen', phone: '22 33 44 55' }));
    again.unmount();

    render(<DraftedForm draftKey="test:draft:1" onSave={onSave} />);
    expect((screen.getByLabelText('Navn') as HTMLInputElement).value).toBe('Karen');
  });
});
