import type { Quiz } from '@quizbeam/contracts/quiz';
import { useId, useState } from 'react';
import { DeviceFrame } from '../../preview/DeviceFrame';
import { PREVIEW_FRAME_SANDBOX } from '../../preview/PreviewOverlay';
import { PreviewWidthSwitch } from '../../preview/PreviewWidthSwitch';
import type { PreviewDevice } from '../../preview/previewDevices';
import { QuizPreviewForm } from '../../preview/QuizPreviewForm';
import { VERSION_PREVIEW_TITLE } from './historyTexts';

interface VersionPreviewProps {
  quiz: Quiz;
  accountId: string;
}

/**
 * A version as the full-screen Preview shows a quiz, rendered by the server into a sandboxed frame, here at a
 * phone's or a desktop's width. Each version is its own preview (the panel keys it).
 */
export function VersionPreview({ quiz, accountId }: VersionPreviewProps) {
  const frameName = `version-preview-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  return (
    <div className="version-preview">
      <PreviewWidthSwitch device={device} onChange={setDevice} />
      <DeviceFrame
        device={device}
        name={frameName}
        title={VERSION_PREVIEW_TITLE}
        sandbox={PREVIEW_FRAME_SANDBOX}
        className="version-preview__screen"
      />
      <QuizPreviewForm quiz={quiz} accountId={accountId} target={frameName} />
    </div>
  );
}
