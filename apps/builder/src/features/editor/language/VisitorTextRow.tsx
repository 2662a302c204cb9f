import { VISITOR_TEXT_MAX_LENGTH } from '@quizbeam/contracts/visitorTexts';
import { useId } from 'react';
import { PLURAL_NOTE, RESET_TEXT_LABEL, SUPPLIED_TEXT_PREFIX } from './languageTexts';

interface VisitorTextRowProps {
  /** The text in English: what the row is about, in the builder's language. */
  english: string;
  /** Quizbeam's text in the language edited (its `other` form when it depends on a number). */
  supplied: string;
  plural: boolean;
  /** The marketer's own version ('' when none). */
  own: string;
  language: string;
  direction: 'ltr' | 'rtl';
  onChange: (value: string) => void;
}

/** One text visitors see: Quizbeam's, and the marketer's own version typed in the quiz's language. */
export function VisitorTextRow({
  english,
  supplied,
  plural,
  own,
  language,
  direction,
  onChange,
}: VisitorTextRowProps) {
  const id = useId();
  const suppliedId = useId();
  return (
    <div className="visitor-text">
      <label className="field__label" htmlFor={id}>
        {english}
      </label>
      <p id={suppliedId} className="visitor-text__supplied">
        {SUPPLIED_TEXT_PREFIX}{' '}
        <span lang={language} dir={direction}>
          {supplied}
        </span>
      </p>
      <div className="visitor-text__row">
        <input
          id={id}
          className="input"
          lang={language}
          dir={direction}
          value={own}
          maxLength={VISITOR_TEXT_MAX_LENGTH}
          aria-describedby={suppliedId}
          onChange={(event) => onChange(event.target.value)}
        />
        {own && (
          <button type="button" className="button button--secondary" onClick={() => onChange('')}>
            {RESET_TEXT_LABEL}
            <span className="visually-hidden">: {english}</span>
          </button>
        )}
      </div>
      {plural && <span className="field__hint">{PLURAL_NOTE}</span>}
    </div>
  );
}
