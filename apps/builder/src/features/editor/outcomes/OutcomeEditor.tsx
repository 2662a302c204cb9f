import type { QuizType, ScoringSettings } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOME_DESCRIPTIONS } from '@quizbeam/contracts/quizConstants';
import { findOutcome } from '@quizbeam/quiz-engine/lookup';
import { addAlternateDescription, type OutcomePatch, updateOutcome } from '@quizbeam/quiz-engine/outcomes';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { TextInputField } from '../../../ui/TextInputField';
import { Toggle } from '../../../ui/Toggle';
import { WebAddressField } from '../../../ui/WebAddressField';
import { useMe } from '../../session/useMe';
import { ImagePicker } from '../images/ImagePicker';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { OutcomeDescriptions } from './OutcomeDescriptions';
import { outcomeTitle } from './outcomeLabels';
import { ScoreRangeFields } from './ScoreRangeFields';

export const SHORTCODES_NOTE =
  'In the title and description, [[score]], [[maxScore]] and [[percent]] show the visitor’s score, the highest possible score and the percentage; [[score:Name]], [[maxScore:Name]] and [[percent:Name]] show the same for the category called Name.';

const typeOptions = [
  { value: 'text' as const, label: 'Text Builder' },
  { value: 'redirect' as const, label: 'Redirect URL' },
];

interface OutcomeEditorProps {
  outcomeId: number;
  quizType: QuizType;
  outcomeBy: ScoringSettings['outcomeBy'];
}

export function OutcomeEditor({ outcomeId, quizType, outcomeBy }: OutcomeEditorProps) {
  const outcome = useQuizSelector((quiz) => findOutcome(quiz, outcomeId));
  const dispatch = useQuizDispatch();
  const { proVersion } = useMe().account.permissions;
  if (!outcome) return null;
  const update = (patch: OutcomePatch, field?: string) =>
    dispatch(
      (quiz) => updateOutcome(quiz, outcome.id, patch),
      field ? { coalesceKey: `outcome-${outcome.id}-${field}` } : {},
    );
  const isRedirect = outcome.type === 'redirect';
  const canAddAlternate = proVersion && outcome.descriptions.length < MAX_OUTCOME_DESCRIPTIONS;

  return (
    <section className="card item-editor__pane" aria-label={`${outcomeTitle(outcome)} settings`}>
      <h2 className="item-editor__section-title">{outcomeTitle(outcome)}</h2>
      <TextInputField label="Title" value={outcome.name} onChange={(name) => update({ name }, 'name')} />
      {quizType === 'general' ? (
        <Dropdown
          label="Outcome Type"
          searchable={false}
          options={typeOptions}
          value={outcome.type}
          onChange={(type) => update({ type })}
        />
      ) : (
        <>
          <ScoreRangeFields
            range={outcome.scoreRange}
            inPercent={outcomeBy === 'percent'}
            onChange={(scoreRange, bound) => update({ scoreRange }, `score-${bound}`)}
          />
          <p className="item-editor__note">{SHORTCODES_NOTE}</p>
        </>
      )}
      {isRedirect ? (
        <WebAddressField
          label="Redirect URL"
          placeholder="https://example.com/offer"
          value={outcome.redirect}
          onChange={(redirect) => update({ redirect }, 'redirect')}
        />
      ) : (
        <>
          <OutcomeDescriptions outcome={outcome} />
          {canAddAlternate ? (
            <button
              type="button"
              className="button button--secondary"
              onClick={() => dispatch((quiz) => addAlternateDescription(quiz, outcome.id))}
            >
              Add Alternate Description
            </button>
          ) : null}
          <ImagePicker label="Outcome Image" image={outcome.image} onChange={(image) => update({ image })} />
          <Toggle
            label="Enable Social Sharing"
            checked={outcome.enableSocialSharing}
            onChange={(enableSocialSharing) => update({ enableSocialSharing })}
          />
          <Toggle
            label="Enable CTA"
            checked={outcome.enableCta}
            onChange={(enableCta) => update({ enableCta })}
          />
          {outcome.enableCta ? (
            <>
              <TextInputField
                label="CTA Button Text"
                value={outcome.ctaButtonText}
                onChange={(ctaButtonText) => update({ ctaButtonText }, 'cta-text')}
              />
              <WebAddressField
                label="CTA Link"
                placeholder="https://example.com"
                value={outcome.ctaUrl}
                onChange={(ctaUrl) => update({ ctaUrl }, 'cta-url')}
              />
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
