import type { ReactNode } from 'react';
import { Notification } from '../../ui/notifications/Notification';
import './AuthLayout.css';

export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__sidebar">
        <span className="brand">Quizbeam</span>
        <p className="auth-layout__tagline">Build quizzes that turn visitors into leads.</p>
      </aside>
      <main className="auth-layout__content">
        <div className="auth-layout__panel">
          <Notification />
          {children}
        </div>
      </main>
    </div>
  );
}
