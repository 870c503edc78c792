import { useState } from 'react';
import { taskTypeLabels } from '@fragtbud/contracts';
import { Button, Modal, toast, type SaveAlertButtonProps } from '@fragtbud/web';
import { AlertForm, emptyAlertDraft } from './components/alert-form';
import './alerts.css';

/** 'Gem som jobalarm' on /tasks: the page's filters (its task type) become a new alert, regions and e-mail chosen here. */
export function SaveAlertButton({ filters }: SaveAlertButtonProps) {
  const [open, setOpen] = useState(false);
  const type = filters.type || null;
  return (
    <>
      <Button variant="secondary" onClick={() => setOpen(true)}>
        Gem som jobalarm
      </Button>
      <Modal open={open} title="Gem som jobalarm" onClose={() => setOpen(false)}>
        {open && (
          <AlertForm
            initial={emptyAlertDraft({ name: type ? taskTypeLabels[type] : 'Alle opgaver', types: type ? [type] : [] })}
            onSaved={() => {
              setOpen(false);
              toast.success('Jobalarmen er gemt. Du finder den under Profil → Jobalarmer.');
            }}
            onCancel={() => setOpen(false)}
          />
        )}
      </Modal>
    </>
  );
}
