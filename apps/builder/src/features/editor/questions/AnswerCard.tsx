import type { Answer } from '@quizbeam/contracts/quiz';
import { type AnswerPatch, removeAnswer, updateAnswer } from '@quizbeam/quiz-engine/answers';
import { hasImageAnswers } from '@quizbeam/quiz-engine/questionTypes';
import type { ReactNode } from 'react';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { TextInputField } from '../../../ui/TextInputField';
import { ImagePicker } from '../images/ImagePicker';
import { useQuizDispatch } from '../store/quizStoreHooks';
import { useAnswerCardSettings } from './AnswerCardContext';
import { optionToRule, pointsOptions, ruleToOption } from './flowRuleOptions';
import { OutcomeLinksFields } from './OutcomeLinksFields';
import './AnswerCard.css';

interface AnswerCardProps {
  answer: Answer;
  number: number;
  dragHandle: ReactNode;
}

/** One answer of the selected question; it reads the question's settings from the pane's context only. */
export function AnswerCard({ answer, number, dragHandle }: AnswerCardProps) {
  const { questionId, questionType, quizType, nextChoices, outcomeChoices } = useAnswerCardSettings();
  const dispatch = useQuizDispatch();
  const title = `Answer ${number}`;
  const update = (patch: AnswerPatch, field?: string) =>
    dispatch(
      (current) => updateAnswer(current, questionId, answer.id, patch),
      field ? { coalesceKey: `answer-${answer.id}-${field}` } : {},
    );

  return (
    <section className="answer-card" aria-label={title}>
      <header className="answer-card__header">
        {dragHandle}
        <h3 className="answer-card__title">{title}</h3>
        <button
          type="button"
          className="item-card__delete"
          aria-label={`Delete ${title}`}
          onClick={() => dispatch((current) => removeAnswer(current, questionId, answer.id))}
        >
          ×
        </button>
      </header>
      {hasImageAnswers(questionType) ? (
        <>
          <ImagePicker label="Answer Image" image={answer.image} onChange={(image) => update({ image })} />
          <TextInputField
            label="Image Caption (Optional)"
            placeholder="Enter Caption"
            value={answer.imageCaption}
            onChange={(imageCaption) => update({ imageCaption }, 'caption')}
          />
        </>
      ) : (
        <TextInputField
          label="Text"
          placeholder="Enter Text"
          value={answer.text}
          onChange={(text) => update({ text }, 'text')}
        />
      )}
      {quizType === 'general' ? (
        <OutcomeLinksFields
          links={answer}
          outcomeChoices={outcomeChoices}
          onChange={(patch) => update(patch)}
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
        options={nextChoices}
        value={ruleToOption(answer.next)}
        onChange={(option) => update({ next: optionToRule(option, 'follow_question') })}
      />
    </section>
  );
}
