import { formatDate } from '../adminFormat';

export function AccountStatusBadge({ disabledAt }: { disabledAt: string | null }) {
  return disabledAt === null ? (
    <span className="status-badge status-badge--active">Active</span>
  ) : (
    <span className="status-badge status-badge--disabled" title={`Disabled on ${formatDate(disabledAt)}`}>
      Disabled
    </span>
  );
}
