import type { Question, QuestionType } from '@quizbeam/contracts/quiz';
import { addAnswer, moveAnswer } from '@quizbeam/quiz-engine/answers';
import { type QuestionPatch, updateQuestion } from '@quizbeam/quiz-engine/questions';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { TextInputField } from '../../../ui/TextInputField';
import { ImagePicker } from '../images/ImagePicker';
import { SortableList } from '../sortable/SortableList';
import { useQuiz, useQuizDispatch } from '../store/quizStoreHooks';
import { AnswerCard } from './AnswerCard';
import { nextOptions, optionToRule, ruleToOption } from './flowRuleOptions';

const answerTypes: { type: QuestionType; label: string }[] = [
  { type: 'single_list', label: 'Text' },
  { type: 'image_single_list', label: 'Image' },
];

/** The properties pane of the selected question: its settings and its answers. */
export function QuestionProperties({ question }: { question: Question }) {
  const quiz = useQuiz();
  const dispatch = useQuizDispatch();
  const update = (patch: QuestionPatch, field?: string) =>
    dispatch(
      (current) => updateQuestion(current, question.id, patch),
      field ? { coalesceKey: `question-${question.id}-${field}` } : {},
    );

  return (
    <section className="card item-editor__pane" aria-label={`Question ${question.rank} settings`}>
      <h2 className="item-editor__section-title">Settings</h2>
      <ImagePicker label="Question Image" image={question.image} onChange={(image) => update({ image })} />
      <TextInputField
        label="Question Text"
        placeholder="Enter Question Text"
        multiline
        value={question.text}
        onChange={(text) => update({ text }, 'text')}
      />
      <Dropdown
        label="After This Question"
        fixedWidth
        options={nextOptions(quiz, question.id)}
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
      <SortableList
        label="Answers"
        items={question.answers}
        rowSignature={(answer) => String(question.answers.indexOf(answer))}
        onMove={(answerId, toIndex) =>
          dispatch((current) => moveAnswer(current, question.id, answerId, toIndex))
        }
        renderItem={(answer, handle) => (
          <AnswerCard
            question={question}
            answer={answer}
            number={question.answers.indexOf(answer) + 1}
            dragHandle={handle}
          />
        )}
      />
      <button
        type="button"
        className="button button--secondary"
        onClick={() => dispatch((current) => addAnswer(current, question.id).quiz)}
      >
        Add Answer
      </button>
    </section>
  );
}
