import { NotFoundPage } from '../../errors/NotFoundPage';
import { ServerErrorPage } from '../../errors/ServerErrorPage';

interface EditorLoadFallbackProps {
  status: 'loading' | 'not-found' | 'failed';
}

/** What an editor's route shows until the quiz or template it opens is loaded. */
export function EditorLoadFallback({ status }: EditorLoadFallbackProps) {
  switch (status) {
    case 'loading':
      // The loading overlay covers the screen meanwhile.
      return null;
    case 'not-found':
      return <NotFoundPage />;
    case 'failed':
      return <ServerErrorPage />;
  }
}
