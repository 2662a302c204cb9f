import { Outlet } from 'react-router';
import { Notification } from '../../ui/notifications/Notification';
import './AuthLayout.css';

export function AuthLayout() {
  return (
    <div className="auth-layout">
      <aside className="auth-layout__sidebar">
        <span className="brand">Quizbeam</span>
        <p className="auth-layout__tagline">Build quizzes that turn visitors into leads.</p>
      </aside>
      <main className="auth-layout__content">
        <div className="auth-layout__panel">
          <Notification />
          <Outlet />
        </div>
      </main>
    </div>
  );
}
