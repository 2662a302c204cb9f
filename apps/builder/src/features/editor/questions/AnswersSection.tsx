import type { Answer, QuestionType } from '@quizbeam/contracts/quiz';
import { addAnswer, answerCap } from '@quizbeam/quiz-engine/answers';
import { useMemo, useState } from 'react';
import { ButtonWithReason } from '../../../ui/ButtonWithReason';
import { TextInputField } from '../../../ui/TextInputField';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { AnswerList } from './AnswerList';
import { filterAnswers, LONG_ANSWER_LIST, SHOWN_ANSWERS } from './answerFilter';
import { PasteOptions } from './PasteOptions';
import { QUESTION_TYPE_LABELS } from './questionTypeLabels';

interface AnswersSectionProps {
  questionId: number;
  questionType: QuestionType;
  answers: Answer[];
}

/** The answers of a choice question: a filter once the list is long, the cards, Add Answer and, for a dropdown, Paste a list. */
export function AnswersSection({ questionId, questionType, answers }: AnswersSectionProps) {
  const dispatch = useQuizDispatch();
  const [search, setSearch] = useState('');
  const isLong = answers.length >= LONG_ANSWER_LIST;
  const matching = useMemo(() => filterAnswers(answers, isLong ? search : ''), [answers, isLong, search]);
  const shown = useMemo(
    () => (matching.length > SHOWN_ANSWERS ? matching.slice(0, SHOWN_ANSWERS) : matching),
    [matching],
  );
  const cap = answerCap({ type: questionType });
  const full = answers.length >= cap;
  return (
    <>
      {isLong ? (
        <TextInputField
          label="Filter answers"
          placeholder="Type to find an answer"
          value={search}
          onChange={setSearch}
          hint={
            matching.length > shown.length
              ? `Showing ${shown.length} of ${matching.length.toLocaleString('en-US')} answers; type to find the others.`
              : `${matching.length.toLocaleString('en-US')} of ${answers.length.toLocaleString('en-US')} answers shown.`
          }
        />
      ) : null}
      <AnswerList questionId={questionId} answers={answers} shown={shown} />
      <ButtonWithReason
        className="button button--secondary"
        disabledReason={
          full
            ? `A ${QUESTION_TYPE_LABELS[questionType].toLowerCase()} question has at most ${cap} answers.`
            : null
        }
        onClick={() => dispatch((current) => addAnswer(current, questionId).quiz)}
      >
        Add Answer
      </ButtonWithReason>
      {questionType === 'dropdown' ? <PasteOptions questionId={questionId} /> : null}
    </>
  );
}
