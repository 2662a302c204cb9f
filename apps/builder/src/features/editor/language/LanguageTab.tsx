import {
  textDirectionOf,
  VISITOR_LANGUAGE_NAMES,
  VISITOR_LANGUAGES,
  type VisitorLanguage,
} from '@quizbeam/contracts/visitorLanguages';
import { visitorTextsEndpoint } from '@quizbeam/contracts/visitorTextEndpoints';
import { en } from '@quizbeam/contracts/visitorTexts/en';
import { useEffect, useState } from 'react';
import { useEndpointQuery } from '../../../api/endpointQuery';
import { PageHeader } from '../../../ui/PageHeader';
import { SelectField } from '../../../ui/SelectField';
import { Toggle } from '../../../ui/Toggle';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { TrackingSection } from '../tracking/TrackingSection';
import { languageOf, setOwnText, setQuizLanguage, setUseBrowserLanguage } from './languageActions';
import {
  BROWSER_LANGUAGE_HINT,
  BROWSER_LANGUAGE_LABEL,
  LANGUAGE_REPUBLISH_NOTE,
  LANGUAGE_TAB_TITLE,
  ONLY_OWN_TEXTS_LABEL,
  ownTextsCount,
  QUIZ_LANGUAGE_LABEL,
  QUIZ_LANGUAGE_NOTE,
  QUIZ_LANGUAGE_TITLE,
  TEXTS_LANGUAGE_LABEL,
  TEXTS_LOAD_FAILED_TEXT,
  VISITOR_TEXTS_NOTE,
  VISITOR_TEXTS_TITLE,
} from './languageTexts';
import { VisitorTextRow } from './VisitorTextRow';
import { VISITOR_TEXT_GROUPS } from './visitorTextGroups';
import '../tracking/TrackingTab.css';
import './LanguageTab.css';

const LANGUAGE_OPTIONS = VISITOR_LANGUAGES.map((code) => ({
  value: code,
  label: VISITOR_LANGUAGE_NAMES[code],
}));

const TEXT_COUNT = VISITOR_TEXT_GROUPS.reduce((sum, group) => sum + group.keys.length, 0);

const englishOf = (value: (typeof en)[keyof typeof en]) => (typeof value === 'string' ? value : value.other);

/** The quiz's language and whether it follows the visitor's browser. */
function QuizLanguageSection() {
  const language = languageOf(useQuizSelector((quiz) => quiz.language));
  const dispatch = useQuizDispatch();
  return (
    <TrackingSection title={QUIZ_LANGUAGE_TITLE}>
      <p className="tracking__note">{QUIZ_LANGUAGE_NOTE}</p>
      <SelectField
        label={QUIZ_LANGUAGE_LABEL}
        value={language.code}
        options={LANGUAGE_OPTIONS}
        onChange={(code) => dispatch((quiz) => setQuizLanguage(quiz, code))}
      />
      <div>
        <Toggle
          label={BROWSER_LANGUAGE_LABEL}
          checked={language.useBrowserLanguage}
          onChange={(checked) => dispatch((quiz) => setUseBrowserLanguage(quiz, checked))}
        />
        <p className="field__hint">{BROWSER_LANGUAGE_HINT}</p>
      </div>
      <p className="tracking__note">{LANGUAGE_REPUBLISH_NOTE}</p>
    </TrackingSection>
  );
}

/** Every text Quizbeam supplies in one language, each with the marketer's own version. */
function VisitorTextsSection() {
  const language = languageOf(useQuizSelector((quiz) => quiz.language));
  const dispatch = useQuizDispatch();
  // A quiz that follows the browser can be read in any language; otherwise only its own is edited.
  const [chosen, setChosen] = useState<VisitorLanguage>(language.code);
  useEffect(() => setChosen(language.code), [language.code]);
  const edited = language.useBrowserLanguage ? chosen : language.code;
  const supplied = useEndpointQuery(visitorTextsEndpoint, { query: { language: edited } });
  const own = language.texts?.[edited] ?? {};
  const ownCount = Object.values(own).filter((value) => value?.trim()).length;
  const [onlyOwn, setOnlyOwn] = useState(false);
  const direction = textDirectionOf(edited);
  return (
    <TrackingSection title={VISITOR_TEXTS_TITLE}>
      <p className="tracking__note">{VISITOR_TEXTS_NOTE}</p>
      {language.useBrowserLanguage && (
        <SelectField
          label={TEXTS_LANGUAGE_LABEL}
          value={edited}
          options={LANGUAGE_OPTIONS}
          onChange={setChosen}
        />
      )}
      {supplied.isError && <p className="field__error">{TEXTS_LOAD_FAILED_TEXT}</p>}
      <p className="tracking__note">{ownTextsCount(ownCount, TEXT_COUNT)}</p>
      <label className="visitor-texts__filter">
        <input type="checkbox" checked={onlyOwn} onChange={(event) => setOnlyOwn(event.target.checked)} />{' '}
        {ONLY_OWN_TEXTS_LABEL}
      </label>
      {supplied.data && (
        <div className="visitor-texts">
          {VISITOR_TEXT_GROUPS.map((group) => {
            const keys = group.keys.filter((key) => !onlyOwn || own[key]);
            if (keys.length === 0) return null;
            return (
              <fieldset key={group.title} className="visitor-texts__group">
                <legend className="visitor-texts__group-title">{group.title}</legend>
                {keys.map((key) => {
                  const value = supplied.data.texts[key];
                  const text = typeof value === 'string' ? value : (value?.other ?? '');
                  return (
                    <VisitorTextRow
                      key={`${edited}-${key}`}
                      english={englishOf(en[key])}
                      supplied={text}
                      plural={typeof en[key] !== 'string'}
                      own={own[key] ?? ''}
                      language={edited}
                      direction={direction}
                      onChange={(changed) =>
                        dispatch((quiz) => setOwnText(quiz, edited, key, changed), {
                          coalesceKey: `visitor-text-${edited}-${key}`,
                        })
                      }
                    />
                  );
                })}
              </fieldset>
            );
          })}
        </div>
      )}
    </TrackingSection>
  );
}

/** The quiz editor's Language tab: the language visitors see Quizbeam's texts in, and the marketer's versions. */
export function LanguageTab() {
  return (
    <>
      <PageHeader title={LANGUAGE_TAB_TITLE} />
      <div className="tracking">
        <QuizLanguageSection />
        <VisitorTextsSection />
      </div>
    </>
  );
}
