import {
  type EmbedOptions,
  embedPreviewPageEndpoint,
  embedPreviewQuery,
} from '@quizbeam/contracts/embedCodes';
import { useState } from 'react';
import { urlOf } from '../../../api/apiClient';
import { useMe } from '../../session/useMe';
import { useDebouncedValue } from '../useDebouncedValue';
import { EMBED_PREVIEW_LABEL, EMBED_PREVIEW_TITLE, REPLAY_PREVIEW_LABEL } from './embedTexts';

/** Typing pauses this long before the preview page loads again. */
const PREVIEW_DELAY_MS = 600;

/**
 * A demo page running the real embed script with the generated code, served by the app (the builder's
 * Content-Security-Policy allows frames from it only); sandboxed twice, by this attribute and the page's
 * own policy.
 */
export function EmbedPreview({ quizUrl, options }: { quizUrl: string; options: EmbedOptions }) {
  const account = useMe().account.id;
  const [replays, setReplays] = useState(0);
  const src = useDebouncedValue(
    urlOf(embedPreviewPageEndpoint, { params: { account }, query: embedPreviewQuery(quizUrl, options) }),
    PREVIEW_DELAY_MS,
  );
  return (
    <div className="field embed-code__preview">
      <span className="field__label">{EMBED_PREVIEW_LABEL}</span>
      <iframe
        key={`${src}#${replays}`}
        className="embed-code__frame"
        title={EMBED_PREVIEW_TITLE}
        src={src}
        sandbox="allow-scripts allow-forms allow-popups"
      />
      <div className="publish-tab__row">
        <button type="button" className="button button--secondary" onClick={() => setReplays(replays + 1)}>
          {REPLAY_PREVIEW_LABEL}
        </button>
      </div>
    </div>
  );
}
