import type { IncompleteItem } from '@quizbeam/contracts/publishing';
import { useNavigate } from 'react-router';
import { NEEDS_QUESTION_AND_OUTCOME_TEXT } from './publishTexts';

type EditorItemTab = 'capture-form' | 'outcomes' | 'questions';

interface IncompleteGroupProps {
  title: string;
  itemLabel: string;
  items: IncompleteItem[];
  /** The quiz has none of these yet, which alone keeps it from being published. */
  isMissing: boolean;
  openTab: (tab: EditorItemTab, selectItemId?: number) => void;
  tab: EditorItemTab;
}

function IncompleteGroup({ title, itemLabel, items, isMissing, openTab, tab }: IncompleteGroupProps) {
  if (!isMissing && items.length === 0) return null;
  return (
    <div className="publish-tab__group">
      <h3 className="publish-tab__group-title">{title}</h3>
      {isMissing ? (
        <div className="publish-tab__item">
          <p className="publish-tab__item-text">Add at least one {itemLabel.toLowerCase()}.</p>
          <button type="button" className="button button--secondary" onClick={() => openTab(tab)}>
            Go to {title}
          </button>
        </div>
      ) : (
        <ul className="publish-tab__items" aria-label={`Incomplete ${title}`}>
          {items.map((item) => {
            const label = `${itemLabel} ${item.rank}`;
            return (
              <li key={item.id} className="publish-tab__item">
                <div className="publish-tab__item-text">
                  <strong>{label}</strong>
                  <ul className="publish-tab__reasons">
                    {item.reasons.map((reason) => (
                      <li key={reason}>{reason}</li>
                    ))}
                  </ul>
                </div>
                <button
                  type="button"
                  className="button button--secondary"
                  aria-label={`Complete ${label}`}
                  onClick={() => openTab(tab, item.id)}
                >
                  Complete
                </button>
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

interface IncompleteItemsSectionProps {
  quizId: string;
  items: IncompleteItem[];
  hasQuestions: boolean;
  hasOutcomes: boolean;
}

/** Why the quiz cannot be published yet, each item with a way to the tab that completes it. */
export function IncompleteItemsSection({
  quizId,
  items,
  hasQuestions,
  hasOutcomes,
}: IncompleteItemsSectionProps) {
  const navigate = useNavigate();
  // The Outcomes and Questions tabs select the item named in the location state.
  const openTab = (tab: EditorItemTab, selectItemId?: number) =>
    navigate(
      `/quizzes/${encodeURIComponent(quizId)}/${tab}`,
      selectItemId === undefined ? undefined : { state: { selectItemId } },
    );
  const captureFormReasons = items.flatMap((item) => (item.kind === 'capture_form' ? item.reasons : []));
  return (
    <div className="publish-tab__section">
      <h2 className="publish-tab__title">Not ready to publish</h2>
      <p className="editor-tab-card__note">{NEEDS_QUESTION_AND_OUTCOME_TEXT}</p>
      {captureFormReasons.length > 0 && (
        <div className="publish-tab__group">
          <h3 className="publish-tab__group-title">Capture Form</h3>
          <div className="publish-tab__item">
            <ul className="publish-tab__reasons publish-tab__item-text" aria-label="Incomplete Capture Form">
              {captureFormReasons.map((reason) => (
                <li key={reason}>{reason}</li>
              ))}
            </ul>
            <button
              type="button"
              className="button button--secondary"
              onClick={() => openTab('capture-form')}
            >
              Go to Capture Form
            </button>
          </div>
        </div>
      )}
      <IncompleteGroup
        title="Outcomes"
        itemLabel="Outcome"
        items={items.filter((item) => item.kind === 'outcome')}
        isMissing={!hasOutcomes}
        openTab={openTab}
        tab="outcomes"
      />
      <IncompleteGroup
        title="Questions"
        itemLabel="Question"
        items={items.filter((item) => item.kind === 'question')}
        isMissing={!hasQuestions}
        openTab={openTab}
        tab="questions"
      />
    </div>
  );
}
