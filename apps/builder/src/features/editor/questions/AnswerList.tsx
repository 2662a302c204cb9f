import type { Answer } from '@quizbeam/contracts/quiz';
import { moveAnswer } from '@quizbeam/quiz-engine/answers';
import { memo, useMemo } from 'react';
import { SortableList } from '../sortable/SortableList';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { AnswerCard } from './AnswerCard';

interface AnswerListProps {
  questionId: number;
  /** Every answer of the question (for numbering and moves). */
  answers: Answer[];
  /** The answers to draw: all of them, or those a filter kept. */
  shown: Answer[];
}

/**
 * The selected question's draggable answer cards. Memoised: typing in the question's text leaves its
 * answers array as it is, so the keystroke's render skips the cards and their drag-and-drop context.
 */
export const AnswerList = memo(function AnswerList({ questionId, answers, shown }: AnswerListProps) {
  const dispatch = useQuizDispatch();
  const positions = useMemo(() => new Map(answers.map((answer, index) => [answer.id, index])), [answers]);
  const positionOf = (answer: Answer) => positions.get(answer.id) ?? 0;
  return (
    <SortableList
      label="Answers"
      items={shown}
      rowSignature={(answer) => String(positionOf(answer))}
      itemName={(answer) => `Answer ${positionOf(answer) + 1}`}
      onMove={(answerId, shownIndex) => {
        // A drop on a filtered list lands where the answer dropped on sits in the whole list.
        const target = shown[shownIndex];
        if (target) dispatch((current) => moveAnswer(current, questionId, answerId, positionOf(target)));
      }}
      renderItem={(answer, handle) => (
        <AnswerCard answer={answer} number={positionOf(answer) + 1} dragHandle={handle} />
      )}
    />
  );
});
