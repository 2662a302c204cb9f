import type { ReactNode } from 'react';
import './MessageCard.css';

interface MessageCardProps {
  title: string;
  children: ReactNode;
}

export function MessageCard({ title, children }: MessageCardProps) {
  return (
    <div className="message-screen">
      <section className="card message-card">
        <h1 className="message-card__title">{title}</h1>
        <div className="message-card__body">{children}</div>
      </section>
    </div>
  );
}
