import type { Domain } from '@quizbeam/contracts/domains';
import { EmptyState } from '../../ui/EmptyState';

interface DomainListProps {
  domains: Domain[];
  onRemove: (domain: Domain) => void;
}

export function DomainList({ domains, onRemove }: DomainListProps) {
  if (domains.length === 0) return <EmptyState />;
  return (
    <ul className="domain-list" aria-label="Domain List">
      {domains.map((domain) => (
        <li key={domain.id} className="card domain-list__item">
          <span className="domain-list__host">{domain.displayHost}</span>
          <button
            type="button"
            className="button button--secondary domain-list__remove"
            aria-label={`Remove ${domain.displayHost}`}
            onClick={() => onRemove(domain)}
          >
            Remove
          </button>
        </li>
      ))}
    </ul>
  );
}
