import type { QuizSummary } from '@quizbeam/contracts/quiz';
import {
  deleteQuizEndpoint,
  listQuizzesEndpoint,
  shareQuizEndpoint,
} from '@quizbeam/contracts/quizEndpoints';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { EmptyState } from '../../ui/EmptyState';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { useMe } from '../session/useMe';
import { DeleteQuizConfirmation } from './DeleteQuizConfirmation';
import { filterByName } from './filterByName';
import { ImportQuizModal } from './ImportQuizModal';
import { QuizCard } from './QuizCard';
import { DELETE_COMPLETE_TEXT } from './quizLabels';
import { ShareQuizModal } from './ShareQuizModal';
import { QUIZ_DUPLICATED_TEXT, useDuplicateQuiz } from './useDuplicateQuiz';
import './MyQuizzesPage.css';

interface SharedQuiz {
  name: string;
  shareCode: string;
}

export function MyQuizzesPage() {
  const me = useMe();
  const list = useEndpointQuery(listQuizzesEndpoint, {});
  // Null until the first answer, empty when the quizzes cannot be loaded (the default error is shown then).
  const quizzes = list.data ?? (list.isError ? [] : null);
  const queryClient = useQueryClient();
  // Settles once the list is loaded again, so "Delete complete." comes with the quiz gone.
  const deletion = useEndpointMutation(deleteQuizEndpoint, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) }),
  });
  const sharing = useEndpointMutation(shareQuizEndpoint);
  const { duplicate, duplicatingId } = useDuplicateQuiz();
  const [search, setSearch] = useState('');
  const [isImportOpen, setIsImportOpen] = useState(false);
  const [shared, setShared] = useState<SharedQuiz | null>(null);
  const [quizToDelete, setQuizToDelete] = useState<QuizSummary | null>(null);

  async function share(quiz: QuizSummary) {
    try {
      const { shareCode } = await sharing.mutateAsync({ params: { account: me.account.id, id: quiz.id } });
      setShared({ name: quiz.name, shareCode });
    } catch (error) {
      showDefaultError(error);
    }
  }

  async function duplicateFromList(quiz: QuizSummary) {
    if (await duplicate(quiz.id)) showSuccess(QUIZ_DUPLICATED_TEXT);
  }

  async function confirmDelete(quiz: QuizSummary) {
    setQuizToDelete(null);
    try {
      await deletion.mutateAsync({ params: { id: quiz.id } });
    } catch (error) {
      showDefaultError(error);
      return;
    }
    showSuccess(DELETE_COMPLETE_TEXT);
  }

  const shown = quizzes ? filterByName(quizzes, search) : [];

  return (
    <>
      <PageHeader title="My Quizzes">
        <button type="button" className="button button--secondary" onClick={() => setIsImportOpen(true)}>
          Import Quiz
        </button>
        <Link to="/quizzes/new" className="button">
          New Quiz
        </Link>
      </PageHeader>
      <input
        className="input my-quizzes__search"
        type="search"
        placeholder="Search"
        aria-label="Search quizzes"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {quizzes !== null &&
        (shown.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="my-quizzes__list" aria-label="Quizzes">
            {shown.map((quiz) => (
              <QuizCard
                key={quiz.id}
                quiz={quiz}
                onShare={share}
                onDuplicate={duplicateFromList}
                isDuplicating={duplicatingId === quiz.id}
                onDelete={setQuizToDelete}
              />
            ))}
          </ul>
        ))}
      {isImportOpen && (
        <ImportQuizModal onClose={() => setIsImportOpen(false)} onImported={() => setIsImportOpen(false)} />
      )}
      {shared && (
        <ShareQuizModal quizName={shared.name} shareCode={shared.shareCode} onClose={() => setShared(null)} />
      )}
      {quizToDelete && (
        <DeleteQuizConfirmation
          onConfirm={() => confirmDelete(quizToDelete)}
          onCancel={() => setQuizToDelete(null)}
        />
      )}
    </>
  );
}
