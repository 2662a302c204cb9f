import { duplicateOutcome } from '@quizbeam/quiz-engine/duplicateItems';
import { addOutcome, moveOutcome, removeOutcome } from '@quizbeam/quiz-engine/outcomes';
import { ItemListEditor } from '../ItemListEditor';
import { useQuizSelector } from '../store/quizStoreHooks';
import { OutcomeEditor } from './OutcomeEditor';
import { outcomeSubtitle, outcomeTitle } from './outcomeLabels';
import { ScoringSettings } from './ScoringSettings';
import { scoringOf } from './scoringSettings';

export function OutcomesTab() {
  const quizType = useQuizSelector((quiz) => quiz.type);
  const outcomeBy = useQuizSelector((quiz) => scoringOf(quiz).outcomeBy);
  return (
    <ItemListEditor
      title="Outcomes"
      addLabel="Add Outcome"
      warningsFor="outcome"
      items={(quiz) => quiz.outcomes}
      itemTitle={outcomeTitle}
      itemSubtitle={(outcome) => outcomeSubtitle(outcome, quizType, outcomeBy)}
      add={(quiz) => {
        const added = addOutcome(quiz);
        return { quiz: added.quiz, id: added.outcomeId };
      }}
      move={moveOutcome}
      duplicate={duplicateOutcome}
      // Extra links and value ranges may point at the outcome too: none may be left pointing at nothing.
      remove={removeOutcome}
      removalText={(outcome) =>
        `${outcomeTitle(outcome)} will be removed, and answers that lead to it will no longer lead anywhere.`
      }
      listHeader={quizType === 'scored' ? <ScoringSettings /> : null}
      renderEditor={(id) => (
        <OutcomeEditor key={id} outcomeId={id} quizType={quizType} outcomeBy={outcomeBy} />
      )}
    />
  );
}
