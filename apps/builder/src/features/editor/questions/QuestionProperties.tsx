import type { QuestionType } from '@quizbeam/contracts/quiz';
import { addAnswer } from '@quizbeam/quiz-engine/answers';
import { type QuestionPatch, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { useMemo } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { ImagePicker } from '../images/ImagePicker';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { AnswerCardContext, type AnswerCardSettings } from './AnswerCardContext';
import { AnswerList } from './AnswerList';
import { optionToRule, ruleToOption } from './flowRuleOptions';
import { QuestionTextField } from './QuestionTextField';
import { useAnswerNextChoices, useAnswerOutcomeChoices, useQuestionNextChoices } from './useQuestionChoices';
import { useQuestionSettings } from './useQuestionSettings';

const answerTypes: { type: QuestionType; label: string }[] = [
  { type: 'single_list', label: 'Text' },
  { type: 'image_single_list', label: 'Image' },
];

/** The properties pane of the selected question: its settings and its answers. */
export function QuestionProperties({ questionId }: { questionId: number }) {
  const question = useQuestionSettings(questionId);
  const dispatch = useQuizDispatch();
  const quizType = useQuizSelector((quiz) => quiz.type);
  const nextChoices = useQuestionNextChoices(questionId);
  const answerNextChoices = useAnswerNextChoices(questionId);
  const outcomeChoices = useAnswerOutcomeChoices();
  const questionType = question?.type ?? 'single_list';
  const answerCardSettings = useMemo<AnswerCardSettings>(
    () => ({ questionId, questionType, quizType, nextChoices: answerNextChoices, outcomeChoices }),
    [questionId, questionType, quizType, answerNextChoices, outcomeChoices],
  );
  if (!question) return null;
  const update = (patch: QuestionPatch) => dispatch((current) => updateQuestion(current, questionId, patch));

  return (
    <section className="card item-editor__pane" aria-label={`Question ${question.rank} settings`}>
      <h2 className="item-editor__section-title">Settings</h2>
      <ImagePicker
        label="Question Image"
        image={question.image}
        onChange={(image) => update({ image })}
        showSizeHint
      />
      <QuestionTextField questionId={questionId} />
      <Dropdown
        label="After This Question"
        fixedWidth
        options={nextChoices}
        value={ruleToOption(question.next)}
        onChange={(option) => update({ next: optionToRule(option, 'next_in_list') })}
      />
      <h2 className="item-editor__section-title">Answers</h2>
      <fieldset className="answer-type-switch">
        <legend className="field__label">Answer Type</legend>
        {answerTypes.map(({ type, label }) => (
          <button
            key={type}
            type="button"
            className={question.type === type ? 'button' : 'button button--secondary'}
            aria-pressed={question.type === type}
            onClick={() => update({ type })}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <AnswerCardContext value={answerCardSettings}>
        <AnswerList questionId={questionId} answers={question.answers} />
      </AnswerCardContext>
      <button
        type="button"
        className="button button--secondary"
        onClick={() => dispatch((current) => addAnswer(current, questionId).quiz)}
      >
        Add Answer
      </button>
    </section>
  );
}
