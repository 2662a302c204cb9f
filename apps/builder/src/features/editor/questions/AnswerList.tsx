import type { Answer } from '@quizbeam/contracts/quiz';
import { moveAnswer } from '@quizbeam/quiz-engine/answers';
import { memo } from 'react';
import { SortableList } from '../sortable/SortableList';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { AnswerCard } from './AnswerCard';

interface AnswerListProps {
  questionId: number;
  answers: Answer[];
}

/**
 * The selected question's draggable answer cards. Memoised: typing in the question's text leaves its
 * answers array as it is, so the keystroke's render skips the cards and their drag-and-drop context.
 */
export const AnswerList = memo(function AnswerList({ questionId, answers }: AnswerListProps) {
  const dispatch = useQuizDispatch();
  return (
    <SortableList
      label="Answers"
      items={answers}
      rowSignature={(answer) => String(answers.indexOf(answer))}
      onMove={(answerId, toIndex) =>
        dispatch((current) => moveAnswer(current, questionId, answerId, toIndex))
      }
      renderItem={(answer, handle) => (
        <AnswerCard answer={answer} number={answers.indexOf(answer) + 1} dragHandle={handle} />
      )}
    />
  );
});
