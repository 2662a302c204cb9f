import type { ScoringSettings as Scoring } from '@quizbeam/contracts/quiz';
import { Dropdown } from '../../../ui/dropdown/Dropdown';
import { Toggle } from '../../../ui/Toggle';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';
import { CategoriesEditor } from './CategoriesEditor';
import { scoringOf, setScoring } from './scoringSettings';
import './ScoringSettings.css';

const outcomeByOptions: { value: Scoring['outcomeBy']; label: string }[] = [
  { value: 'score', label: 'Score' },
  { value: 'percent', label: 'Percentage' },
];

export const PERCENT_MODE_NOTE =
  'Each outcome’s interval is then a percentage (0–100) of the highest score a visitor can reach.';

/** A scored quiz's scoring: how outcomes are chosen, the category bars, and the categories themselves. */
export function ScoringSettings() {
  const dispatch = useQuizDispatch();
  const outcomeBy = useQuizSelector((quiz) => scoringOf(quiz).outcomeBy);
  const showCategoryBars = useQuizSelector((quiz) => scoringOf(quiz).showCategoryBars);
  return (
    <section className="card scoring-settings" aria-label="Scoring">
      <h2 className="item-editor__section-title">Scoring</h2>
      <div className="scoring-settings__row">
        <Dropdown
          label="Choose outcomes by"
          searchable={false}
          options={outcomeByOptions}
          value={outcomeBy}
          onChange={(value) => dispatch(setScoring({ outcomeBy: value }))}
        />
        <p className="item-editor__note">{outcomeBy === 'percent' ? PERCENT_MODE_NOTE : null}</p>
      </div>
      <Toggle
        label="Show a bar per category on the outcome page"
        checked={showCategoryBars}
        onChange={(checked) => dispatch(setScoring({ showCategoryBars: checked }))}
      />
      <CategoriesEditor />
    </section>
  );
}
