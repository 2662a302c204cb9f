import type { Answer, Question } from '@quizbeam/contracts/quiz';
import { type AnswerPatch, removeAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import type { ReactNode } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { TextInputField } from '../../../ui/TextInputField';
import { ImagePicker } from '../images/ImagePicker';
import { useQuiz, useQuizDispatch } from '../store/quizStoreHooks';
import { nextOptions, optionToRule, pointsOptions, ruleToOption } from './flowRuleOptions';
import './AnswerCard.css';

const NO_OUTCOME = 'none';

interface AnswerCardProps {
  question: Question;
  answer: Answer;
  number: number;
  dragHandle: ReactNode;
}

export function AnswerCard({ question, answer, number, dragHandle }: AnswerCardProps) {
  const quiz = useQuiz();
  const dispatch = useQuizDispatch();
  const title = `Answer ${number}`;
  const update = (patch: AnswerPatch, field?: string) =>
    dispatch(
      (current) => updateAnswer(current, question.id, answer.id, patch),
      field ? { coalesceKey: `answer-${answer.id}-${field}` } : {},
    );
  const outcomeOptions = [
    { value: NO_OUTCOME, label: 'No outcome' },
    ...quiz.outcomes.map((outcome) => ({
      value: String(outcome.id),
      label: `Outcome ${outcome.rank}: ${outcome.name.trim() || 'Untitled outcome'}`,
    })),
  ];

  return (
    <section className="answer-card" aria-label={title}>
      <header className="answer-card__header">
        {dragHandle}
        <h3 className="answer-card__title">{title}</h3>
        <button
          type="button"
          className="item-card__delete"
          aria-label={`Delete ${title}`}
          onClick={() => dispatch((current) => removeAnswer(current, question.id, answer.id))}
        >
          ×
        </button>
      </header>
      {question.type === 'single_list' ? (
        <TextInputField
          label="Text"
          placeholder="Enter Text"
          value={answer.text}
          onChange={(text) => update({ text }, 'text')}
        />
      ) : (
        <>
          <ImagePicker label="Answer Image" image={answer.image} onChange={(image) => update({ image })} />
          <TextInputField
            label="Image Caption (Optional)"
            placeholder="Enter Caption"
            value={answer.imageCaption}
            onChange={(imageCaption) => update({ imageCaption }, 'caption')}
          />
        </>
      )}
      {quiz.type === 'general' ? (
        <Dropdown
          label="Outcome"
          fixedWidth
          options={outcomeOptions}
          value={answer.outcome === null ? NO_OUTCOME : String(answer.outcome)}
          onChange={(value) => update({ outcome: value === NO_OUTCOME ? null : Number(value) })}
        />
      ) : (
        <Dropdown
          label="Points"
          searchable={false}
          fixedWidth
          options={pointsOptions}
          value={String(answer.points)}
          onChange={(value) => update({ points: Number(value) })}
        />
      )}
      <Dropdown
        label="Next"
        fixedWidth
        options={nextOptions(quiz, question.id)}
        value={ruleToOption(answer.next)}
        onChange={(option) => update({ next: optionToRule(option, 'follow_question') })}
      />
    </section>
  );
}
