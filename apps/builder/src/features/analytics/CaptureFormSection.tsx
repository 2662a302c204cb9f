import type { AnalyticsResult } from '@quizbeam/contracts/analytics';
import { useId } from 'react';
import { formatCount, formatPercentage } from './analyticsFormat';
import { FunnelFigures } from './FunnelFigures';

/** The capture form's own drop-off: shown, submitted, and left there without finishing. */
export function CaptureFormSection({ captureForm }: { captureForm: AnalyticsResult['captureForm'] }) {
  const headingId = useId();
  return (
    <section className="card analytics-section" aria-labelledby={headingId}>
      <h2 id={headingId}>Capture form</h2>
      <FunnelFigures
        figures={[
          { label: 'Shown', value: formatCount(captureForm.reached) },
          { label: 'Submitted', value: formatCount(captureForm.submitted) },
          { label: 'Left', value: formatCount(captureForm.left) },
          { label: 'Drop-off', value: formatPercentage(captureForm.dropOffPercentage) },
        ]}
      />
    </section>
  );
}
