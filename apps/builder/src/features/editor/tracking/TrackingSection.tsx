import { type ReactNode, useId } from 'react';

/** One of the Tracking tab's titled cards. */
export function TrackingSection({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card tracking__section" aria-labelledby={titleId}>
      <h2 id={titleId} className="tracking__section-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
