import type { QuizType } from '@quizbeam/contracts/quiz';
import { SmallCard } from '../../ui/SmallCard';
import '../../ui/SmallCard.css';

interface QuizTypeChoiceProps {
  value: QuizType;
  onChange: (type: QuizType) => void;
}

export function QuizTypeChoice({ value, onChange }: QuizTypeChoiceProps) {
  return (
    <fieldset className="new-quiz__fieldset">
      <legend className="field__label">Quiz Type</legend>
      <div className="small-card-list">
        <SmallCard title="General" selected={value === 'general'} onSelect={() => onChange('general')}>
          Answers lead to outcomes, like a personality quiz.
        </SmallCard>
        <SmallCard title="Scored" selected={value === 'scored'} onSelect={() => onChange('scored')}>
          Answers carry points. Use Scored when some answers are correct.
        </SmallCard>
      </div>
    </fieldset>
  );
}
