import { formatCount, pageCount } from '../adminFormat';

interface PagerProps {
  page: number;
  pageSize: number;
  total: number;
  onPage: (page: number) => void;
  /** Names the navigation landmark ("Accounts pages"). */
  label: string;
}

/** Previous and Next around "Page X of Y". */
export function Pager({ page, pageSize, total, onPage, label }: PagerProps) {
  const pages = pageCount(total, pageSize);
  return (
    <nav className="pager" aria-label={label}>
      <button
        type="button"
        className="button button--secondary"
        disabled={page <= 1}
        onClick={() => onPage(Math.min(page - 1, pages))}
      >
        Previous
      </button>
      <span className="pager__position">
        Page {formatCount(page)} of {formatCount(pages)}
      </span>
      <button
        type="button"
        className="button button--secondary"
        disabled={page >= pages}
        onClick={() => onPage(page + 1)}
      >
        Next
      </button>
    </nav>
  );
}
