import { Link } from 'react-router-dom';
import { EmptyState, PageHeader, useSession } from '@fragtbud/web';
import { useDocumentTitle } from '../../routing/use-document-title';

interface BrowseTasksPageProps {
  /** /tasks (carriers and admins) has its own heading; /BrowseTasks and /browse-tasks are open to everyone. */
  title?: string;
}

export function BrowseTasksPage({ title = 'Find opgaver' }: BrowseTasksPageProps) {
  useDocumentTitle(title);
  const role = useSession((state) => state.user?.role ?? null);
  return (
    <div className="fb-container page">
      <PageHeader
        title={title}
        lead="Se flytte- og fragtopgaver fra hele Danmark."
        actions={
          role !== 'carrier' ? (
            <Link className="fb-button fb-button--primary" to="/create-task">
              Opret Opgave
            </Link>
          ) : undefined
        }
      />
      <EmptyState
        title="Opgaveoversigten kommer snart"
        message="Her kommer du til at kunne søge og filtrere i opgaver efter type, status, dato og pris."
      />
    </div>
  );
}
