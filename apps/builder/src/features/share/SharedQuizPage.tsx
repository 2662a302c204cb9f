import { sharedQuizPreviewPath } from '@quizbeam/contracts/sharing';
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError';
import { getClientConfig } from '../../config/clientConfig';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { PageHeader } from '../../ui/PageHeader';
import { PREVIEW_FRAME_SANDBOX } from '../preview/PreviewOverlay';
import { ImportQuizModal } from '../quizzes/ImportQuizModal';
import { loadSharedQuizName } from '../quizzes/quizzesApi';
import './SharedQuizPage.css';

type SharedQuiz =
  | { state: 'loading' }
  | { state: 'missing'; message: string }
  | { state: 'found'; name: string };

/** Import from share (spec section 2): the shared quiz in a preview frame, and Import, which asks for a name. */
export function SharedQuizPage() {
  const { shareCode = '' } = useParams();
  const navigate = useNavigate();
  const [shared, setShared] = useState<SharedQuiz>({ state: 'loading' });
  const [isImportOpen, setIsImportOpen] = useState(false);

  useEffect(() => {
    let isCurrent = true;
    setShared({ state: 'loading' });
    loadSharedQuizName(shareCode).then(
      (name) => isCurrent && setShared({ state: 'found', name }),
      (error: unknown) => {
        if (!isCurrent) return;
        if (error instanceof ApiError && error.status === 404)
          setShared({ state: 'missing', message: error.message });
        else showDefaultError();
      },
    );
    return () => {
      isCurrent = false;
    };
  }, [shareCode]);

  if (shared.state === 'missing') {
    return (
      <>
        <PageHeader title="Import Quiz" />
        <div className="card shared-quiz__missing">
          <p>{shared.message}</p>
        </div>
      </>
    );
  }
  const name = shared.state === 'found' ? shared.name : '';
  return (
    <>
      <PageHeader title={name ? `Import ${name}` : 'Import Quiz'}>
        <button
          type="button"
          className="button"
          disabled={shared.state !== 'found'}
          onClick={() => setIsImportOpen(true)}
        >
          Import
        </button>
      </PageHeader>
      <iframe
        className="shared-quiz__preview"
        title={`Preview of ${name || 'the shared quiz'}`}
        sandbox={PREVIEW_FRAME_SANDBOX}
        src={`${getClientConfig().basePath}${sharedQuizPreviewPath(shareCode)}`}
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
