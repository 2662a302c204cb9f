import type { ReactNode } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import './EditorTabCard.css';

/** A tab's header and the card holding its settings. */
export function EditorTabCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <>
      <PageHeader title={title} />
      <section className="card editor-tab-card">{children}</section>
    </>
  );
}
