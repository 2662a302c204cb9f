import type { IncompleteItem } from '@quizbeam/contracts/publishing';
import { publishedQuizUrl } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { incompleteItems, isPublishable as isQuizPublishable } from '@quizbeam/quiz-engine/publishability';
import { useMemo, useState } from 'react';
import { getClientConfig } from '../../config/clientConfig';
import { EditorTabCard } from '../editor/EditorTabCard';
import { useQuiz, useQuizStore } from '../editor/store/quizStoreHooks';
import { useMe } from '../session/useMe';
import { IncompleteItemsSection } from './IncompleteItemsSection';
import { PublishedSection } from './PublishedSection';
import { publishCurrentQuiz, unpublishCurrentQuiz } from './publishCurrentQuiz';
import { COMPLETE_TO_REPUBLISH_TEXT } from './publishTexts';
import { ReadyToPublishSection } from './ReadyToPublishSection';
import { useSavedQuiz } from './useSavedQuiz';
import './PublishTab.css';

interface Refusal {
  quiz: Quiz;
  items: IncompleteItem[];
}

/** The Publish tab in its three states: not publishable, publishable, or published. */
export function PublishTab() {
  const store = useQuizStore();
  const accountId = useMe().account.id;
  const quiz = useQuiz();
  const saved = useSavedQuiz();
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const localItems = useMemo(() => incompleteItems(quiz), [quiz]);

  // The server's verdict holds until the quiz changes; after that the engine's own check applies again.
  const serverItems = refusal?.quiz === quiz ? refusal.items : null;
  const items = serverItems ?? localItems;
  const hasQuestions = quiz.questions.length > 0;
  const hasOutcomes = quiz.outcomes.length > 0;
  const isPublishable = useMemo(() => serverItems === null && isQuizPublishable(quiz), [serverItems, quiz]);

  const { publishUrl } = getClientConfig();
  const ownHost = new URL(publishUrl).host;
  const liveUrl =
    saved.isPublished && saved.publishedId !== null
      ? publishedQuizUrl(publishUrl, saved.publishedHost, saved.publishedId)
      : null;
  const chosenHost = quiz.domain ?? ownHost;
  const movesTo =
    liveUrl !== null && saved.publishedId !== null && chosenHost !== (saved.publishedHost ?? ownHost)
      ? publishedQuizUrl(publishUrl, chosenHost, saved.publishedId)
      : null;

  async function publish() {
    const refusedItems = await publishCurrentQuiz(store, accountId);
    // The refused quiz was saved meanwhile, so the quiz now current is the one the verdict is about.
    setRefusal(refusedItems ? { quiz: store.getState().current, items: refusedItems } : null);
  }

  return (
    <EditorTabCard title="Publish">
      {!isPublishable && (
        <IncompleteItemsSection
          quizId={quiz.id}
          items={items}
          hasQuestions={hasQuestions}
          hasOutcomes={hasOutcomes}
        />
      )}
      {liveUrl !== null ? (
        <PublishedSection
          url={liveUrl}
          host={saved.publishedHost}
          path={saved.publishedId ?? ''}
          movesTo={movesTo}
          republishBlockedReason={isPublishable ? null : COMPLETE_TO_REPUBLISH_TEXT}
          onRepublish={publish}
          onUnpublish={() => unpublishCurrentQuiz(store, accountId)}
        />
      ) : (
        isPublishable && <ReadyToPublishSection domain={quiz.domain} onPublish={publish} />
      )}
    </EditorTabCard>
  );
}
