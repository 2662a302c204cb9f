import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import {
  QUIZ_PATH_FORMAT_MESSAGE,
  QUIZ_PATH_TAKEN_MESSAGE,
  quizAddressAvailabilityEndpoint,
  quizPathSchema,
} from '@quizbeam/contracts/quizAddress';
import { skipToken } from '@tanstack/react-query';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { useEndpointQuery } from '../../api/endpointQuery';
import { getClientConfig } from '../../config/clientConfig';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { useQuizStore } from '../editor/store/quizStoreHooks';
import { saveQuizAddress } from './saveQuizAddress';
import { useDebouncedValue } from './useDebouncedValue';
import { useSavedQuiz } from './useSavedQuiz';
import './PublishAddressField.css';

export const ADDRESS_SAVED_TEXT = 'Address has been saved.';
export const ADDRESS_AVAILABLE_TEXT = 'Available';
export const ADDRESS_CHECKING_TEXT = 'Checking…';
export const OLD_ADDRESS_REDIRECTS_TEXT =
  'The quiz moves to a new address as soon as you save it. The old address keeps redirecting there, so ' +
  'existing links, embeds and printed QR codes keep working.';
export const PATH_PLACEHOLDER = 'your-quiz';
/** How long typing must pause before the server is asked whether the path is free. */
export const AVAILABILITY_DELAY_MS = 400;

/** The server's refusal, kept with the path it was about: typing something else clears it. */
interface Refusal {
  path: string;
  message: string;
}

interface PublishAddressFieldProps {
  /** Where the path applies: the host the quiz is live on, or the chosen domain (null: our host). */
  host: string | null;
  /** Whether the quiz is live: a saved path moves it at once. */
  isLive: boolean;
}

/**
 * The quiz's path on its host, which the marketer chooses: the host as a fixed start, the path typed after it.
 * The path rule (the contracts' `quizPathSchema`) is checked while typing; once typing pauses the server says
 * whether another quiz has it on the host. Save address stores it at once (a live quiz moves).
 */
export function PublishAddressField({ host, isLive }: PublishAddressFieldProps) {
  const inputId = useId();
  const startId = useId();
  const messageId = useId();
  const store = useQuizStore();
  const { id: quizId, publishedId } = useSavedQuiz();
  const [draft, setDraft] = useState(publishedId ?? '');
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const [saving, setSaving] = useState(false);

  // A path saved elsewhere (another tab's Publish, a reload) replaces the one shown.
  useEffect(() => setDraft(publishedId ?? ''), [publishedId]);

  const parsed = quizPathSchema.safeParse(draft);
  const path = parsed.success ? parsed.data : null;
  const edited = draft !== (publishedId ?? '');
  const changed = path !== null && path !== publishedId;
  const settledPath = useDebouncedValue(changed ? path : null, AVAILABILITY_DELAY_MS);
  const availability = useEndpointQuery(
    quizAddressAvailabilityEndpoint,
    changed && settledPath === path ? { params: { id: quizId }, query: { path } } : skipToken,
    { background: true, staleTime: 5_000, meta: { handlesError: () => true } },
  );

  const refused = refusal !== null && refusal.path === draft ? refusal.message : null;
  const taken = changed && availability.data?.path === path && !availability.data.available;
  let message: { text: string; kind: 'error' | 'hint' | 'success' } | null = null;
  if (refused) message = { text: refused, kind: 'error' };
  else if (edited && !parsed.success)
    message = { text: parsed.error.issues[0]?.message ?? QUIZ_PATH_FORMAT_MESSAGE, kind: 'error' };
  else if (taken) message = { text: QUIZ_PATH_TAKEN_MESSAGE, kind: 'error' };
  else if (changed && availability.data?.path === path)
    message = { text: ADDRESS_AVAILABLE_TEXT, kind: 'success' };
  else if (changed && !availability.isError) message = { text: ADDRESS_CHECKING_TEXT, kind: 'hint' };

  async function save(event: FormEvent) {
    event.preventDefault();
    if (!changed || path === null || saving) return;
    setSaving(true);
    try {
      await saveQuizAddress(store, path);
      setRefusal(null);
      showSuccess(ADDRESS_SAVED_TEXT);
    } catch (error) {
      // A 409 (taken meanwhile) or 400 says what is wrong with this path: shown under the field.
      if (isApiError(error, 409) || isApiError(error, 400))
        setRefusal({ path: draft, message: error.message });
      else showDefaultError(error);
    } finally {
      setSaving(false);
    }
  }

  const isInvalid = message?.kind === 'error';
  const addressStart = publishedQuizUrl(getClientConfig().publishUrl, host, '');
  return (
    <form className="field publish-address" onSubmit={save} noValidate>
      <label className="field__label" htmlFor={inputId}>
        Path
      </label>
      <div className="publish-address__row">
        <div
          className={isInvalid ? 'publish-address__input input input--error' : 'publish-address__input input'}
        >
          <span id={startId} className="publish-address__start">
            {addressStart}
          </span>
          <input
            id={inputId}
            value={draft}
            placeholder={PATH_PLACEHOLDER}
            spellCheck={false}
            autoCapitalize="none"
            autoComplete="off"
            maxLength={200}
            aria-invalid={isInvalid ? true : undefined}
            aria-describedby={message ? `${startId} ${messageId}` : startId}
            onChange={(event) => setDraft(event.target.value)}
          />
        </div>
        <button type="submit" className="button" disabled={!changed || taken || saving}>
          Save address
        </button>
      </div>
      {message && (
        <span
          id={messageId}
          className={
            message.kind === 'error' ? 'field__error' : `field__hint publish-address__${message.kind}`
          }
          aria-live="polite"
        >
          {message.text}
        </span>
      )}
      {isLive && <span className="field__hint">{OLD_ADDRESS_REDIRECTS_TEXT}</span>}
    </form>
  );
}
