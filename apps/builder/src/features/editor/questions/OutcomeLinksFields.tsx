import type { Answer, OutcomeLink } from '@quizbeam/contracts/quiz';
import { MAX_OUTCOME_LINKS, MAX_OUTCOME_WEIGHT } from '@quizbeam/contracts/quizConstants';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import type { DropdownOption } from '../../../ui/dropdown/filterOptions';
import { NO_OUTCOME } from './answerOutcomeOptions';
import './OutcomeLinksFields.css';

export type OutcomeLinks = Pick<Answer, 'outcome' | 'outcomeWeight' | 'extraOutcomes'>;

const weightOptions = Array.from({ length: MAX_OUTCOME_WEIGHT }, (_, index) => ({
  value: String(index + 1),
  label: String(index + 1),
}));

interface OutcomeLinksFieldsProps {
  links: OutcomeLinks;
  /** No outcome, then every outcome (see `answerOutcomeOptions`). */
  outcomeChoices: DropdownOption<string>[];
  onChange: (patch: Partial<OutcomeLinks>) => void;
}

/**
 * The outcomes an answer or a value range counts toward in a general quiz: the first with its weight, then up
 * to two more, each removable. Each extra select offers only the outcomes no other link of the item takes.
 */
export function OutcomeLinksFields({ links, outcomeChoices, onChange }: OutcomeLinksFieldsProps) {
  const extras = links.extraOutcomes ?? [];
  const linked = new Set([links.outcome, ...extras.map((link) => link.outcome)].map(String));
  const freeChoices = outcomeChoices.filter(
    (choice) => choice.value !== NO_OUTCOME && !linked.has(choice.value),
  );
  const setExtras = (extraOutcomes: OutcomeLink[]) => onChange({ extraOutcomes });
  const canAdd = links.outcome !== null && extras.length + 1 < MAX_OUTCOME_LINKS && freeChoices.length > 0;

  return (
    <div className="outcome-links">
      <div className="item-editor__row">
        <Dropdown
          label="Counts toward"
          fixedWidth
          options={outcomeChoices}
          value={links.outcome === null ? NO_OUTCOME : String(links.outcome)}
          onChange={(value) => onChange({ outcome: value === NO_OUTCOME ? null : Number(value) })}
        />
        {links.outcome !== null ? (
          <Dropdown
            label="Weight"
            searchable={false}
            fixedWidth
            options={weightOptions}
            value={String(links.outcomeWeight ?? 1)}
            onChange={(value) => onChange({ outcomeWeight: Number(value) })}
          />
        ) : null}
      </div>
      {extras.map((link, index) => {
        const name = `Extra outcome ${index + 1}`;
        const own = outcomeChoices.filter((choice) => choice.value === String(link.outcome));
        return (
          // Links have no ids; their position is their identity.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <fieldset key={index} className="item-editor__row outcome-links__extra">
            <legend className="visually-hidden">{name}</legend>
            <Dropdown
              label="Also counts toward"
              fixedWidth
              options={[...own, ...freeChoices]}
              value={String(link.outcome)}
              onChange={(value) => setExtras(extras.with(index, { ...link, outcome: Number(value) }))}
            />
            <Dropdown
              label="Weight"
              searchable={false}
              fixedWidth
              options={weightOptions}
              value={String(link.weight)}
              onChange={(value) => setExtras(extras.with(index, { ...link, weight: Number(value) }))}
            />
            <button
              type="button"
              className="item-card__delete outcome-links__remove"
              aria-label={`Remove ${name}`}
              onClick={() => setExtras(extras.filter((_, position) => position !== index))}
            >
              ×
            </button>
          </fieldset>
        );
      })}
      {canAdd ? (
        <button
          type="button"
          className="button button--secondary outcome-links__add"
          onClick={() => {
            const first = freeChoices[0];
            if (first) setExtras([...extras, { outcome: Number(first.value), weight: 1 }]);
          }}
        >
          Add another outcome
        </button>
      ) : null}
    </div>
  );
}
