import type { LeadDelivery } from '@quizbeam/contracts/leads';
import { DELIVERY_STATE_LABELS, deliveryDestinationLabel } from './leadTexts';

/** One delivery of a lead: where to and in what state, with its last error as a tooltip. */
export function DeliveryBadge({ delivery }: { delivery: LeadDelivery }) {
  const label = `${deliveryDestinationLabel(delivery)}: ${DELIVERY_STATE_LABELS[delivery.state]}`;
  return (
    <span
      className={`delivery-badge delivery-badge--${delivery.state}`}
      title={delivery.lastError ?? undefined}
    >
      {label}
    </span>
  );
}
