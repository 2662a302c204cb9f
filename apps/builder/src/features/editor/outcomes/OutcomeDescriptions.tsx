import type { Outcome } from '@quizbeam/contracts/quiz';
import { removeDescription, updateDescription } from '@quizbeam/quiz-engine/outcomes';
import { RichTextField } from '../../../ui/richText/RichTextField';
import { useQuizDispatch } from '../store/quizStoreHooks';
import './OutcomeEditor.css';

/** The description and its alternates; alternates rotate between visitors on the published quiz. */
export function OutcomeDescriptions({ outcome }: { outcome: Outcome }) {
  const dispatch = useQuizDispatch();
  return (
    <>
      {outcome.descriptions.map((description, index) => {
        const label = index === 0 ? 'Description' : `Alternate Description ${index}`;
        return (
          // Descriptions have no ids of their own; their position is their identity. Adding or removing one
          // starts the outcome's editors afresh, so no field's own undo holds another description's text.
          // biome-ignore lint/suspicious/noArrayIndexKey: see above
          <div key={`${index}-of-${outcome.descriptions.length}`} className="outcome-description">
            <RichTextField
              label={label}
              value={description}
              onChange={(text) =>
                dispatch((quiz) => updateDescription(quiz, outcome.id, index, text), {
                  coalesceKey: `outcome-${outcome.id}-description-${index}`,
                })
              }
            />
            {index > 0 ? (
              <button
                type="button"
                className="button button--secondary outcome-description__remove"
                onClick={() => dispatch((quiz) => removeDescription(quiz, outcome.id, index))}
              >
                Remove {label}
              </button>
            ) : null}
          </div>
        );
      })}
    </>
  );
}
