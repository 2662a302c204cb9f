import { previewQuizEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { useEffect, useId, useRef, useState } from 'react';
import { urlOf } from '../../../api/apiClient';
import { DeviceFrame } from '../../preview/DeviceFrame';
import { PREVIEW_FRAME_SANDBOX } from '../../preview/PreviewOverlay';
import { PreviewWidthSwitch } from '../../preview/PreviewWidthSwitch';
import type { PreviewDevice } from '../../preview/previewDevices';
import { VERSION_PREVIEW_TITLE } from './historyTexts';

interface VersionPreviewProps {
  quiz: Quiz;
  accountId: string;
}

/**
 * A version as the full-screen Preview shows a quiz: the server renders it from a form post (its `data`
 * field is the quiz as JSON) into a sandboxed frame, here at a phone's or a desktop's width.
 */
export function VersionPreview({ quiz, accountId }: VersionPreviewProps) {
  const frameName = `version-preview-${useId().replace(/[^a-zA-Z0-9]/g, '')}`;
  const formRef = useRef<HTMLFormElement>(null);
  const [device, setDevice] = useState<PreviewDevice>('desktop');
  // Each version is its own preview (the panel keys it), so its content is read once.
  const [data] = useState(() => JSON.stringify(quiz));

  useEffect(() => {
    formRef.current?.submit();
  }, []);

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
      <form
        ref={formRef}
        method="post"
        action={urlOf(previewQuizEndpoint, { params: { account: accountId } })}
        target={frameName}
        hidden
      >
        <input type="hidden" name="data" value={data} />
      </form>
    </div>
  );
}
