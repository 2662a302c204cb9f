import { INVALID_EMAIL_TEXT, normalizeEmailAddress } from '@quizbeam/contracts/emailAddress';
import {
  listUnsubscribedRecipientsEndpoint,
  resubscribeRecipientEndpoint,
} from '@quizbeam/contracts/leadNotifications';
import {
  type LeadNotifications,
  leadNotificationModes,
  MAX_LEAD_NOTIFICATION_RECIPIENTS,
} from '@quizbeam/contracts/measurement';
import { skipToken, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { endpointKey } from '../../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../../api/endpointQuery';
import { showDefaultError } from '../../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../../ui/notifications/notificationStore';
import { TextInputField } from '../../../ui/TextInputField';
import { useMe } from '../../session/useMe';
import type { QuizChange } from '../store/quizHistory';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { CapturePanel } from './CapturePanel';
import './LeadNotificationsPanel.css';

export const LEAD_NOTIFICATIONS_TITLE = 'New-Lead Emails';
export const MODE_LEGEND = 'Send new-lead emails';
export const MODE_LABELS: Record<LeadNotifications['mode'], string> = {
  off: 'Off',
  each: 'An email for each new lead',
  daily: 'A daily digest',
};
export const EACH_NOTE =
  'Each recipient gets an email as soon as a lead arrives, once the quiz is published with this choice.';
export const DAILY_NOTE =
  'Shortly after midnight (UTC), each recipient gets one email listing the leads of the day before.';
export const CAPTURE_OFF_NOTE = 'New-lead emails are sent only while lead capture is on.';
export const RECIPIENTS_LEGEND = 'Recipients';
export const NEW_RECIPIENT_LABEL = 'Email address';
export const ADD_RECIPIENT_TEXT = 'Add Recipient';
export const RECIPIENTS_HINT = `Up to ${MAX_LEAD_NOTIFICATION_RECIPIENTS} addresses.`;
export const RECIPIENTS_FULL_TEXT = `This quiz emails at most ${MAX_LEAD_NOTIFICATION_RECIPIENTS} addresses. Remove one to add another.`;
export const DUPLICATE_RECIPIENT_TEXT = 'This address is already listed.';
export const NO_RECIPIENTS_TEXT = 'No recipients yet: add one, or no email is sent.';
export const UNSUBSCRIBED_BADGE_TEXT = 'Unsubscribed';
export const SUBSCRIBE_AGAIN_TEXT = 'Subscribe Again';
export const UNSUBSCRIBED_NOTE = 'Unsubscribed with the link in an email; no more emails go to this address.';
export const resubscribedText = (email: string) => `${email} will get new-lead emails again.`;
export const removeRecipientLabel = (email: string) => `Remove ${email}`;

const NO_NOTIFICATIONS: LeadNotifications = { mode: 'off', recipients: [] };

const setLeadNotifications =
  (leadNotifications: LeadNotifications): QuizChange =>
  (quiz) => ({ ...quiz, leadNotifications });

/** What an address typed in the field is wrong with, or its stored form. */
function checkedRecipient(
  text: string,
  recipients: readonly string[],
): { email: string } | { problem: string } {
  const email = normalizeEmailAddress(text);
  if (email === null) return { problem: INVALID_EMAIL_TEXT };
  if (recipients.includes(email)) return { problem: DUPLICATE_RECIPIENT_TEXT };
  return { email };
}

function RecipientList({
  quizId,
  recipients,
  onRemove,
}: {
  quizId: string;
  recipients: string[];
  onRemove: (email: string) => void;
}) {
  const queryClient = useQueryClient();
  const listInput = { params: { quizId } };
  // Who unsubscribed is only worth asking when someone is listed; a failed load shows no badges.
  const unsubscribed = useEndpointQuery(
    listUnsubscribedRecipientsEndpoint,
    recipients.length > 0 ? listInput : skipToken,
    { meta: { handlesError: () => true } },
  );
  const resubscribing = useEndpointMutation(resubscribeRecipientEndpoint, {
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: endpointKey(listUnsubscribedRecipientsEndpoint, listInput) }),
  });
  const unsubscribedEmails = new Set(unsubscribed.data?.emails ?? []);

  async function subscribeAgain(email: string) {
    try {
      await resubscribing.mutateAsync({ params: { quizId, email } });
      showSuccess(resubscribedText(email));
    } catch (error) {
      showDefaultError(error);
    }
  }

  if (recipients.length === 0) return <p className="editor-tab-card__note">{NO_RECIPIENTS_TEXT}</p>;
  return (
    <ul className="lead-recipients" aria-label={RECIPIENTS_LEGEND}>
      {recipients.map((email) => {
        const isUnsubscribed = unsubscribedEmails.has(email);
        return (
          <li key={email} className="lead-recipients__item">
            <span className="lead-recipients__email">{email}</span>
            {isUnsubscribed && (
              <span className="lead-recipients__badge" title={UNSUBSCRIBED_NOTE}>
                {UNSUBSCRIBED_BADGE_TEXT}
              </span>
            )}
            <span className="lead-recipients__actions">
              {isUnsubscribed && (
                <button
                  type="button"
                  className="button button--secondary"
                  disabled={resubscribing.isPending}
                  onClick={() => void subscribeAgain(email)}
                >
                  {SUBSCRIBE_AGAIN_TEXT}
                </button>
              )}
              <button
                type="button"
                className="button button--secondary"
                aria-label={removeRecipientLabel(email)}
                onClick={() => onRemove(email)}
              >
                Remove
              </button>
            </span>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * The Capture Form's New-Lead Emails: off, an email per lead or a daily digest, to up to ten addresses.
 * Turned on with nobody listed, it lists the signed-in user.
 */
export function LeadNotificationsPanel() {
  const quizId = useQuizSelector((quiz) => quiz.id);
  const captureOn = useQuizSelector((quiz) => quiz.leadCaptureSettings.enabled);
  const settings = useQuizSelector((quiz) => quiz.leadNotifications) ?? NO_NOTIFICATIONS;
  const dispatch = useQuizDispatch();
  const myEmail = useMe().email;
  const modeName = useId();
  const [draft, setDraft] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const isFull = settings.recipients.length >= MAX_LEAD_NOTIFICATION_RECIPIENTS;

  function chooseMode(mode: LeadNotifications['mode']) {
    const own = normalizeEmailAddress(myEmail);
    const recipients =
      mode !== 'off' && settings.recipients.length === 0 && own ? [own] : settings.recipients;
    dispatch(setLeadNotifications({ mode, recipients }));
  }

  function addRecipient(event: FormEvent) {
    event.preventDefault();
    if (isFull) return;
    const checked = checkedRecipient(draft, settings.recipients);
    if ('problem' in checked) {
      setProblem(checked.problem);
      return;
    }
    dispatch(setLeadNotifications({ ...settings, recipients: [...settings.recipients, checked.email] }));
    setDraft('');
    setProblem(null);
  }

  const removeRecipient = (email: string) =>
    dispatch(
      setLeadNotifications({
        ...settings,
        recipients: settings.recipients.filter((listed) => listed !== email),
      }),
    );

  return (
    <CapturePanel title={LEAD_NOTIFICATIONS_TITLE}>
      <fieldset className="editor-tab-card__fieldset">
        <legend className="field__label">{MODE_LEGEND}</legend>
        <div className="lead-notification-modes">
          {leadNotificationModes.map((mode) => (
            <label key={mode} className="lead-notification-modes__choice">
              <input
                type="radio"
                name={modeName}
                checked={settings.mode === mode}
                onChange={() => chooseMode(mode)}
              />
              {MODE_LABELS[mode]}
            </label>
          ))}
        </div>
      </fieldset>
      {settings.mode === 'each' && <p className="editor-tab-card__note">{EACH_NOTE}</p>}
      {settings.mode === 'daily' && <p className="editor-tab-card__note">{DAILY_NOTE}</p>}
      {settings.mode !== 'off' && !captureOn && <p className="editor-tab-card__note">{CAPTURE_OFF_NOTE}</p>}
      {settings.mode !== 'off' && (
        <fieldset className="editor-tab-card__fieldset lead-recipients-fieldset">
          <legend className="field__label">{RECIPIENTS_LEGEND}</legend>
          <RecipientList quizId={quizId} recipients={settings.recipients} onRemove={removeRecipient} />
          <form className="lead-recipients__add" onSubmit={addRecipient} noValidate>
            <TextInputField
              label={NEW_RECIPIENT_LABEL}
              type="email"
              autoComplete="off"
              value={draft}
              maxLength={254}
              disabled={isFull}
              errorMessage={problem}
              hint={isFull ? RECIPIENTS_FULL_TEXT : RECIPIENTS_HINT}
              onChange={(text) => {
                setDraft(text);
                setProblem(null);
              }}
            />
            <button type="submit" className="button button--secondary" disabled={isFull}>
              {ADD_RECIPIENT_TEXT}
            </button>
          </form>
        </fieldset>
      )}
    </CapturePanel>
  );
}
