import { LEAD_FIELD_CHOICES_REQUIRED_TEXT, MAX_FIELD_CHOICES } from '@quizbeam/contracts/leadFormFields';
import { tidyLeadFieldChoices } from '@quizbeam/quiz-engine/leadCapture';
import { useState } from 'react';
import { TextInputField } from '../../../ui/TextInputField';
import { CHOICES_LABEL } from './leadFieldTexts';

interface LeadFieldChoicesProps {
  choices: readonly string[];
  onChange: (choices: string[]) => void;
}

const sameList = (first: readonly string[], second: readonly string[]) =>
  first.length === second.length && first.every((choice, index) => choice === second[index]);

const linesOf = (text: string) => text.split('\n');

/**
 * A choice list's options, one per line. The text stays as typed (an empty line about to be filled, a
 * repeat about to be edited) while the stored list is its tidy form; undo or redo replaces the text.
 */
export function LeadFieldChoices({ choices, onChange }: LeadFieldChoicesProps) {
  const [text, setText] = useState(() => choices.join('\n'));
  const shown = sameList(tidyLeadFieldChoices(linesOf(text)), choices) ? text : choices.join('\n');
  return (
    <TextInputField
      label={CHOICES_LABEL}
      multiline
      value={shown}
      hint={`Up to ${MAX_FIELD_CHOICES} choices.`}
      errorMessage={choices.length === 0 ? LEAD_FIELD_CHOICES_REQUIRED_TEXT : null}
      onChange={(typed) => {
        setText(typed);
        onChange(linesOf(typed));
      }}
    />
  );
}
