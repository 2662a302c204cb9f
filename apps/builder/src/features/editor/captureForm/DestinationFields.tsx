import type { HtmlFormSettings } from '@quizbeam/contracts/htmlFormSettings';
import type { LeadCaptureSettings } from '@quizbeam/contracts/quiz';
import { HtmlFormPicker } from './HtmlFormPicker';
import { IntegrationTargetPicker } from './IntegrationTargetPicker';
import { WebhookPicker } from './WebhookPicker';

/** Where a lead goes: the part of the settings the quiz and each outcome (Segment by Outcome) both have. */
export interface Destination {
  targetId: string | null;
  htmlFormSettings: HtmlFormSettings | null;
  webhookIds: string[];
}

interface DestinationFieldsProps {
  type: LeadCaptureSettings['type'];
  /** An outcome's destination (Segment by Outcome): its own list, of the quiz's connection. */
  isOutcome?: boolean;
  destination: Destination;
  onChange: (patch: Partial<Destination>) => void;
}

export function DestinationFields({
  type,
  isOutcome = false,
  destination,
  onChange,
}: DestinationFieldsProps) {
  return (
    <>
      {type === 'api' ? (
        <IntegrationTargetPicker
          withConnection={!isOutcome}
          targetId={destination.targetId}
          onChange={(targetId) => onChange({ targetId })}
        />
      ) : (
        <HtmlFormPicker
          settings={destination.htmlFormSettings}
          onChange={(htmlFormSettings) => onChange({ htmlFormSettings })}
        />
      )}
      <WebhookPicker
        webhookIds={destination.webhookIds}
        onChange={(webhookIds) => onChange({ webhookIds })}
      />
    </>
  );
}
