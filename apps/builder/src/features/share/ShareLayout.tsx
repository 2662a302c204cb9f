import { Link, Outlet } from 'react-router';
import { Notification } from '../../ui/notifications/Notification';
import './ShareLayout.css';

export function ShareLayout() {
  return (
    <div className="share-layout">
      <header className="share-layout__bar">
        <Link to="/" className="brand">
          Quizbeam
        </Link>
      </header>
      <Notification />
      <main className="share-layout__content">
        <Outlet />
      </main>
    </div>
  );
}
