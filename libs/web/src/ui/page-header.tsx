import type { ReactNode } from 'react';

export interface PageHeaderProps {
  title: string;
  lead?: ReactNode;
  actions?: ReactNode;
}

export function PageHeader({ title, lead, actions }: PageHeaderProps) {
  return (
    <header className="fb-page-header">
      <div>
        <h1 className="fb-page-header__title">{title}</h1>
        {lead && <p className="fb-page-header__lead">{lead}</p>}
      </div>
      {actions && <div className="fb-page-header__actions">{actions}</div>}
    </header>
  );
}
