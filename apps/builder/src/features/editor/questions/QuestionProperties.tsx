import type { QuestionType, QuizType } from '@quizbeam/contracts/quiz';
import { type QuestionPatch, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { questionKind } from '@quizbeam/quiz-engine/questionTypes';
import { useMemo } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { ImagePicker } from '../images/ImagePicker';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { AnswerCardContext, type AnswerCardSettings } from './AnswerCardContext';
import { AnswersSection } from './AnswersSection';
import { optionToRule, ruleToOption } from './flowRuleOptions';
import { NumberSettingsFields } from './NumberSettingsFields';
import { QuestionCategorySelect } from './QuestionCategorySelect';
import { QuestionDescriptionField } from './QuestionDescriptionField';
import { QuestionTextField } from './QuestionTextField';
import { problemAt, type QuestionProblem, settingsProblems } from './questionProblemText';
import { questionTypeOptions } from './questionTypeLabels';
import { RatingSettings } from './RatingSettings';
import { SelectionLimits } from './SelectionLimits';
import { TextAnswerSettings } from './TextAnswerSettings';
import { useAnswerNextChoices, useAnswerOutcomeChoices, useQuestionNextChoices } from './useQuestionChoices';
import { type QuestionSettings, useQuestionSettings } from './useQuestionSettings';
import { ValueRangesEditor } from './ValueRangesEditor';

/** The properties pane of the selected question: its settings and what its type asks (answers, scale, ranges). */
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
  const problems = settingsProblems(question);
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
      <QuestionDescriptionField questionId={questionId} />
      <Dropdown
        label="Question Type"
        searchable={false}
        options={questionTypeOptions}
        value={question.type}
        onChange={(type) => update({ type })}
      />
      <AnswerCountProblem type={question.type} problem={problemAt(problems, 'answers')} />
      {quizType === 'scored' && questionKind(question.type) !== 'text' ? (
        <QuestionCategorySelect questionId={questionId} category={question.category} />
      ) : null}
      <Dropdown
        label="After This Question"
        fixedWidth
        options={nextChoices}
        value={ruleToOption(question.next)}
        onChange={(option) => update({ next: optionToRule(option, 'next_in_list') })}
      />
      <AnswerCardContext value={answerCardSettings}>
        <TypeSettings question={question} quizType={quizType} problems={problems} />
      </AnswerCardContext>
    </section>
  );
}

/** The part of the pane that depends on the question's type. */
interface TypeSettingsProps {
  question: QuestionSettings;
  quizType: QuizType;
  problems: readonly QuestionProblem[];
}

function TypeSettings({ question, quizType, problems }: TypeSettingsProps) {
  const kind = questionKind(question.type);
  if (kind === 'text') return <TextAnswerSettings question={question} />;
  if (question.type === 'rating') return <RatingSettings question={question} />;
  if (question.type === 'number_input') {
    return (
      <>
        <NumberSettingsFields question={question} boundsProblem={problemAt(problems, 'number', 'max')} />
        <ValueRangesEditor questionId={question.id} ranges={question.ranges ?? []} problems={problems} />
      </>
    );
  }
  return (
    <>
      <h2 className="item-editor__section-title">Answers</h2>
      {kind === 'multi' ? (
        <>
          <SelectionLimits
            questionId={question.id}
            selection={question.selection}
            orderProblem={problemAt(problems, 'selection', 'min')}
          />
          <p className="item-editor__note">
            {quizType === 'scored'
              ? 'The points of every answer a visitor picks add up.'
              : 'Every answer a visitor picks counts toward its outcomes.'}
          </p>
        </>
      ) : null}
      <AnswersSection questionId={question.id} questionType={question.type} answers={question.answers} />
    </>
  );
}

/**
 * Only a dropdown takes more than 50 answers; another type keeps a long list it was switched to (hidden for
 * types without answers), which the server would refuse, so it is said right under the type.
 */
function AnswerCountProblem({ type, problem }: { type: QuestionType; problem: string | null }) {
  if (!problem) return null;
  const fix =
    questionKind(type) === 'choice' || questionKind(type) === 'multi'
      ? 'Delete answers until 50 are left, or switch back to Dropdown.'
      : 'Switch back to Dropdown, or to a choice type and delete answers until 50 are left.';
  return <p className="field__error">{`${problem} ${fix}`}</p>;
}
