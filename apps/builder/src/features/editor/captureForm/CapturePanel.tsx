import { type ReactNode, useId } from 'react';

/** One of the tab's titled panels. */
export function CapturePanel({ title, children }: { title: string; children: ReactNode }) {
  const titleId = useId();
  return (
    <section className="card capture-form__panel" aria-labelledby={titleId}>
      <h2 id={titleId} className="capture-form__panel-title">
        {title}
      </h2>
      {children}
    </section>
  );
}
