import { createHash } from 'node:crypto';
import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import type { TrackingConsent } from '@quizbeam/contracts/measurement';
import type { LeadCaptureSettings, Outcome, Quiz } from '@quizbeam/contracts/quiz';

/** One destination a lead is to be delivered to, as the published settings name it. */
export type PlannedDestination =
  | {
      type: 'html-form';
      key: string;
      name: string;
      destination: HtmlFormSettings & { htmlFormId: string | null };
      htmlFormId: string | null;
    }
  | { type: 'webhook'; key: string; name: string; destination: { webhookId: string }; webhookId: string }
  | {
      type: 'api';
      key: string;
      name: string;
      destination: { connectionId: string; targetId: string; targetServiceName: string | null };
    }
  | {
      type: 'conversion';
      key: string;
      name: string;
      destination: { conversionApiId: string };
      conversionApiId: string;
    }
  | { type: 'lead-email'; key: string; name: string; destination: { recipients: string[] } };

function htmlFormDestination(settings: HtmlFormSettings | null): PlannedDestination[] {
  const formData = settings?.formData;
  if (!settings || !formData) return [];
  const htmlFormId = settings.htmlFormId ?? null;
  // Quizzes saved before forms had ids are keyed by where they post, which is what the alert is about.
  const key = htmlFormId
    ? `html-form:${htmlFormId}`
    : `html-form:action:${createHash('sha256').update(`${formData.method} ${formData.action}`).digest('hex').slice(0, 32)}`;
  const host = URL.canParse(formData.action) ? new URL(formData.action).host : formData.action;
  return [
    {
      type: 'html-form',
      key,
      name: `HTML form (${host})`,
      destination: { formData, fieldMappings: settings.fieldMappings, htmlFormId },
      htmlFormId,
    },
  ];
}

function apiDestination(settings: LeadCaptureSettings, targetId: string | null): PlannedDestination[] {
  const { connectionId, targetServiceName } = settings;
  if (!connectionId || !targetId) return [];
  return [
    {
      type: 'api',
      key: `api:${connectionId}:${targetId}`,
      name: targetServiceName ?? 'Integration',
      destination: { connectionId, targetId, targetServiceName },
    },
  ];
}

const webhookDestinations = (webhookIds: readonly string[]): PlannedDestination[] =>
  [...new Set(webhookIds)].map((webhookId) => ({
    type: 'webhook',
    key: `webhook:${webhookId}`,
    // Replaced by the webhook's own name when the delivery is written.
    name: 'Webhook',
    destination: { webhookId },
    webhookId,
  }));

/**
 * Where a lead goes: the quiz's destination (an HTML form or an integration's target) and its webhooks, or,
 * with Segment by Outcome on, the computed outcome's own. Capture off means nowhere.
 */
export function leadDestinations(
  settings: LeadCaptureSettings,
  outcomes: readonly Outcome[],
  outcomeId: number | null,
): PlannedDestination[] {
  if (!settings.enabled) return [];
  const outcome = settings.usePerOutcomeSettings
    ? outcomes.find((candidate) => candidate.id === outcomeId)?.leadCaptureSettings
    : undefined;
  const chosen = outcome ?? {
    targetId: settings.targetId,
    htmlFormSettings: settings.htmlFormSettings,
    webhookIds: settings.webhookIds,
  };
  const main =
    settings.type === 'html-form'
      ? htmlFormDestination(chosen.htmlFormSettings)
      : apiDestination(settings, chosen.targetId);
  return [...main, ...webhookDestinations(chosen.webhookIds)];
}

/**
 * Where a lead also goes beside its capture destinations: the conversion APIs the quiz chose (not when the
 * visitor declined tracking), and the new-lead email when the quiz sends one per lead.
 */
export function measurementDestinations(
  quiz: Pick<Quiz, 'leadCaptureSettings' | 'leadNotifications'>,
  consent: TrackingConsent | undefined,
): PlannedDestination[] {
  if (!quiz.leadCaptureSettings.enabled) return [];
  const conversions: PlannedDestination[] =
    consent === 'denied'
      ? []
      : [...new Set(quiz.leadCaptureSettings.conversionApiIds ?? [])].map((conversionApiId) => ({
          type: 'conversion',
          key: `conversion:${conversionApiId}`,
          // Replaced by the conversion API's own name when the delivery is written.
          name: 'Conversion API',
          destination: { conversionApiId },
          conversionApiId,
        }));
  const notifications = quiz.leadNotifications;
  const email: PlannedDestination[] =
    notifications?.mode === 'each' && notifications.recipients.length > 0
      ? [
          {
            type: 'lead-email',
            key: 'lead-email',
            name: 'New-lead email',
            destination: { recipients: [...notifications.recipients] },
          },
        ]
      : [];
  return [...conversions, ...email];
}
