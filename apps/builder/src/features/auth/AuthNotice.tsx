import type { ReactNode } from 'react';
import './AuthNotice.css';

interface AuthNoticeProps {
  tone: 'success' | 'error';
  children: ReactNode;
}

/** A message that stays on an auth screen (unlike a notification, which clears after 10 seconds). */
export function AuthNotice({ tone, children }: AuthNoticeProps) {
  return (
    <p className={`auth-notice auth-notice--${tone}`} role={tone === 'error' ? 'alert' : 'status'}>
      {children}
    </p>
  );
}
