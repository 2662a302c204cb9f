import { sharedQuizEndpoint, sharedQuizPreviewEndpoint } from '@quizbeam/contracts/sharing';
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { urlOf } from '../../api/apiClient';
import { useEndpointQuery } from '../../api/endpointQuery';
import { PageHeader } from '../../ui/PageHeader';
import { PREVIEW_FRAME_SANDBOX } from '../preview/PreviewOverlay';
import { ImportQuizModal } from '../quizzes/ImportQuizModal';
import './SharedQuizPage.css';

/** No quiz is shared under the code: the page says so with the server's text, not the default error. */
const isUnknownShareCode = (error: unknown) => isApiError(error, 404);

const nameOf = ({ name }: { name: string }) => name;

/** Import from share: the shared quiz in a preview frame, and Import, which asks for a name. */
export function SharedQuizPage() {
  const { shareCode = '' } = useParams();
  const navigate = useNavigate();
  const [isImportOpen, setIsImportOpen] = useState(false);
  const shared = useEndpointQuery(
    sharedQuizEndpoint,
    { params: { shareCode } },
    { select: nameOf, meta: { handlesError: isUnknownShareCode } },
  );

  if (isUnknownShareCode(shared.error)) {
    return (
      <>
        <PageHeader title="Import Quiz" />
        <div className="card shared-quiz__missing">
          <p>{shared.error?.message}</p>
        </div>
      </>
    );
  }
  const name = shared.data ?? '';
  return (
    <>
      <PageHeader title={name ? `Import ${name}` : 'Import Quiz'}>
        <button
          type="button"
          className="button"
          disabled={shared.data === undefined}
          onClick={() => setIsImportOpen(true)}
        >
          Import
        </button>
      </PageHeader>
      <iframe
        className="shared-quiz__preview"
        title={`Preview of ${name || 'the shared quiz'}`}
        sandbox={PREVIEW_FRAME_SANDBOX}
        src={urlOf(sharedQuizPreviewEndpoint, { params: { shareCode } })}
      />
      {isImportOpen && (
        <ImportQuizModal
          shareCode={shareCode}
          initialName={name}
          onClose={() => setIsImportOpen(false)}
          onImported={() => navigate('/')}
        />
      )}
    </>
  );
}
