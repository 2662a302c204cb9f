import type { ValueRange } from '@quizbeam/contracts/quiz';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { useAnswerCardSettings } from './AnswerCardContext';
import { DEFAULT_RULE, optionToRule, ruleToOption } from './flowRuleOptions';
import { OutcomeLinksFields } from './OutcomeLinksFields';
import type { RangePatch } from './rangeActions';

export const rangePointsOptions = Array.from({ length: 11 }, (_, points) => ({
  value: String(points),
  label: points === 1 ? '1 point' : `${points} points`,
}));

interface RangeOutcomeFieldsProps {
  /** The range that applies, or null when none does (0 points, the question's next step). */
  range: ValueRange | null;
  onChange: (patch: RangePatch) => void;
}

/** What a rating value or a number range gives: points (scored) or outcome links (general), and where to go. */
export function RangeOutcomeFields({ range, onChange }: RangeOutcomeFieldsProps) {
  const { quizType, nextChoices, outcomeChoices } = useAnswerCardSettings();
  return (
    <>
      {quizType === 'scored' ? (
        <Dropdown
          label="Points"
          searchable={false}
          fixedWidth
          options={rangePointsOptions}
          value={String(range?.points ?? 0)}
          onChange={(value) => onChange({ points: Number(value) })}
        />
      ) : (
        <OutcomeLinksFields
          links={range ?? { outcome: null }}
          outcomeChoices={outcomeChoices}
          onChange={onChange}
        />
      )}
      <Dropdown
        label="Next"
        fixedWidth
        options={nextChoices}
        value={range ? ruleToOption(range.next) : DEFAULT_RULE}
        onChange={(option) => onChange({ next: optionToRule(option, 'follow_question') })}
      />
    </>
  );
}
