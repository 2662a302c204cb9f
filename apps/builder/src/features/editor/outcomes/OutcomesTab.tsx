import { addOutcome, moveOutcome, removeOutcome } from '@quizbeam/quiz-engine/outcomes';
import { ItemListEditor } from '../ItemListEditor';
import { useQuizSelector } from '../store/quizStoreHooks';
import { OutcomeEditor } from './OutcomeEditor';
import { outcomeSubtitle, outcomeTitle } from './outcomeLabels';

export function OutcomesTab() {
  const quizType = useQuizSelector((quiz) => quiz.type);
  return (
    <ItemListEditor
      title="Outcomes"
      addLabel="Add Outcome"
      warningsFor="outcome"
      items={(quiz) => quiz.outcomes}
      itemTitle={outcomeTitle}
      itemSubtitle={(outcome) => outcomeSubtitle(outcome, quizType)}
      add={(quiz) => {
        const added = addOutcome(quiz);
        return { quiz: added.quiz, id: added.outcomeId };
      }}
      move={moveOutcome}
      remove={removeOutcome}
      removalText={(outcome) =>
        `${outcomeTitle(outcome)} will be removed, and answers that lead to it will no longer lead anywhere.`
      }
      renderEditor={(id) => <OutcomeEditor key={id} outcomeId={id} quizType={quizType} />}
    />
  );
}
