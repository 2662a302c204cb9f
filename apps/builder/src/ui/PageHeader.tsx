import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import './PageHeader.css';

interface PageHeaderProps {
  title: string;
  showBackArrow?: boolean;
  children?: ReactNode;
}

export function PageHeader({ title, showBackArrow = false, children }: PageHeaderProps) {
  const navigate = useNavigate();
  return (
    <header className="page-header">
      {showBackArrow && (
        <button type="button" className="page-header__back" aria-label="Back" onClick={() => navigate(-1)}>
          <span aria-hidden="true">←</span>
        </button>
      )}
      <h1 className="page-header__title">{title}</h1>
      {children && <div className="page-header__extra">{children}</div>}
    </header>
  );
}
