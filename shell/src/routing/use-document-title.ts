import { useEffect } from 'react';

export function useDocumentTitle(title: string | null): void {
  useEffect(() => {
    document.title = title ? `${title} – Fragtbud` : 'Fragtbud – flytning og fragt til den rigtige pris';
  }, [title]);
}
