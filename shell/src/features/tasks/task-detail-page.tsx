import { Link, useParams } from 'react-router-dom';
import { EmptyState, ErrorState, PageHeader } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';

export function TaskDetailPage() {
  const { id = '' } = useParams();
  const valid = /^\d+$/.test(id);
  useDocumentTitle(valid ? `Opgave #${id}` : 'Opgave');

  if (!valid) {
    return (
      <div className="fb-container page">
        <ErrorState message="Ugyldigt opgave-id">
          <Link to="/BrowseTasks">Tilbage til opgaver</Link>
        </ErrorState>
      </div>
    );
  }
  return (
    <div className="fb-container page">
      <PageHeader title={`Opgave #${id}`} />
      <EmptyState
        title="Opgavedetaljer kommer snart"
        message="Her kommer du til at se opgavens status, bud, chat og fragtbrev."
        action={
          <Link className="fb-button fb-button--secondary" to="/BrowseTasks">
            Tilbage til opgaver
          </Link>
        }
      />
    </div>
  );
}
