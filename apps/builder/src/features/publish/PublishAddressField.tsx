import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import { useId } from 'react';
import { getClientConfig } from '../../config/clientConfig';

interface PublishAddressFieldProps {
  /** The chosen custom domain, or null for our host. */
  domain: string | null;
  /** The quiz's public path; the server assigns it on the first publish. */
  publishedId: string | null;
}

/** Read-only: the address the quiz will have once published. */
export function PublishAddressField({ domain, publishedId }: PublishAddressFieldProps) {
  const id = useId();
  const addressStart = publishedQuizUrl(getClientConfig().publishUrl, domain, '');
  return (
    <div className="field">
      <label className="field__label" htmlFor={id}>
        Path
      </label>
      <input
        id={id}
        className="input"
        readOnly
        value={publishedId === null ? '' : `${addressStart}${publishedId}`}
        placeholder={`${addressStart}… (assigned when you publish)`}
      />
    </div>
  );
}
