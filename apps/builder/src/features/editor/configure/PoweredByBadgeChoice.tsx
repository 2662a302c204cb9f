import { SmallCard } from '../../../ui/SmallCard';
import '../../../ui/SmallCard.css';
import { setQuizFields } from '../store/quizActions';
import { useQuizDispatch, useQuizSelector } from '../store/quizStoreHooks';

const badgeChoices: { title: string; value: boolean | null; description: string }[] = [
  {
    title: 'Use Account-level Settings',
    value: null,
    description: 'Follow the badge setting of your account.',
  },
  { title: 'Show', value: true, description: 'Show the powered-by badge on this quiz.' },
  { title: "Don't Show", value: false, description: 'Hide the powered-by badge on this quiz.' },
];

export function PoweredByBadgeChoice() {
  const showPoweredByBadge = useQuizSelector((quiz) => quiz.showPoweredByBadge);
  const dispatch = useQuizDispatch();
  return (
    <fieldset className="editor-tab-card__fieldset">
      <legend className="field__label">Powered-by Badge</legend>
      <div className="small-card-list">
        {badgeChoices.map((choice) => (
          <SmallCard
            key={choice.title}
            title={choice.title}
            selected={showPoweredByBadge === choice.value}
            onSelect={() => dispatch(setQuizFields({ showPoweredByBadge: choice.value }))}
          >
            {choice.description}
          </SmallCard>
        ))}
      </div>
    </fieldset>
  );
}
