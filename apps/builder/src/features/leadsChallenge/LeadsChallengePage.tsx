import { type LeadsChallengeItem, listLeadsChallengeEndpoint } from '@quizbeam/contracts/leadsChallenge';
import { useId } from 'react';
import { apiBaseUrl } from '../../api/apiClient';
import { useEndpointQuery } from '../../api/endpointQuery';
import { EmptyState } from '../../ui/EmptyState';
import { PageHeader } from '../../ui/PageHeader';
import { formatFileSize } from './formatFileSize';
import './LeadsChallengePage.css';

/** The server names a download by its path; the API may live on another origin in development. */
const downloadHref = (downloadUrl: string) =>
  downloadUrl.startsWith('/') ? `${apiBaseUrl()}${downloadUrl}` : downloadUrl;

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
  const items = useEndpointQuery(listLeadsChallengeEndpoint, {});
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
