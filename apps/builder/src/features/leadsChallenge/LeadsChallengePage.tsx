import type { LeadsChallengeItem } from '@quizbeam/contracts/leadsChallenge';
import { useQuery } from '@tanstack/react-query';
import { useId } from 'react';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { formatFileSize } from './formatFileSize';
import { downloadHref, leadsChallengeQueryKeys, listLeadsChallengeItems } from './leadsChallengeApi';
import './LeadsChallengePage.css';

function DownloadCard({ item }: { item: LeadsChallengeItem }) {
  const titleId = useId();
  return (
    <li className="card leads-challenge__item">
      <div className="leads-challenge__text">
        <h2 id={titleId} className="leads-challenge__title">
          {item.title}
        </h2>
        {item.description && <p className="leads-challenge__description">{item.description}</p>}
        <p className="leads-challenge__file">
          {item.fileName} · {formatFileSize(item.size)}
        </p>
      </div>
      <a
        className="button leads-challenge__download"
        href={downloadHref(item.downloadUrl)}
        download={item.fileName}
        aria-describedby={titleId}
      >
        Download
      </a>
    </li>
  );
}

/** The Leads Challenge page (/leads-challenge, not for limited accounts): the downloads admins added. */
export function LeadsChallengePage() {
  // A failed load shows the default error (the query cache reports it).
  const items = useQuery({ queryKey: leadsChallengeQueryKeys.items, queryFn: listLeadsChallengeItems });
  return (
    <>
      <PageHeader title="Leads Challenge" />
      {items.data &&
        (items.data.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="leads-challenge" aria-label="Downloads">
            {items.data.map((item) => (
              <DownloadCard key={item.id} item={item} />
            ))}
          </ul>
        ))}
    </>
  );
}
