import { Link, Outlet } from 'react-router';
import './ShareLayout.css';

export function ShareLayout() {
  return (
    <div className="share-layout">
      <header className="share-layout__bar">
        <Link to="/" className="brand">
          Quizbeam
        </Link>
      </header>
      <main className="share-layout__content">
        <Outlet />
      </main>
    </div>
  );
}
