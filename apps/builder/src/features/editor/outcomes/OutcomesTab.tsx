import { addOutcome, moveOutcome, removeOutcome } from '@quizbeam/quiz-engine/outcomes';
import { quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import { useDeferredValue, useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { ConfirmationModal } from '../../../ui/modal/ConfirmationModal';
import { PageHeader } from '../../../ui/PageHeader';
import { SortableList } from '../sortable/SortableList';
import { useQuiz, useQuizDispatch } from '../store/quizStoreHooks';
import { WarningNotes } from '../WarningNotes';
import { OutcomeEditor } from './OutcomeEditor';
import { outcomeSubtitle, outcomeTitle } from './outcomeLabels';
import '../itemEditor.css';

export function OutcomesTab() {
  const quiz = useQuiz();
  const dispatch = useQuizDispatch();
  const [selectedId, setSelectedId] = useState<number | null>(quiz.outcomes[0]?.id ?? null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // Warnings analyse every path through the quiz; computing them after the keystroke keeps typing smooth.
  const deferredQuiz = useDeferredValue(quiz);
  const warnings = useMemo(
    () => quizWarnings(deferredQuiz).filter((w) => w.targetKind === 'outcome'),
    [deferredQuiz],
  );
  const warningText = (id: number) =>
    warnings
      .filter((w) => w.id === id)
      .map((w) => w.message)
      .join('|');
  const selected = quiz.outcomes.find((outcome) => outcome.id === selectedId) ?? null;
  const deleting = quiz.outcomes.find((outcome) => outcome.id === deletingId) ?? null;

  function add() {
    const { outcomeId } = addOutcome(quiz);
    dispatch((current) => addOutcome(current).quiz);
    setSelectedId(outcomeId);
  }

  return (
    <>
      <PageHeader title="Outcomes">
        <button type="button" className="button" onClick={add}>
          Add Outcome
        </button>
      </PageHeader>
      <div className="item-editor">
        <div className="item-editor__list">
          {quiz.outcomes.length === 0 ? (
            <EmptyState />
          ) : (
            <SortableList
              label="Outcomes"
              items={quiz.outcomes}
              rowSignature={(item) => `${item.id === selectedId}|${warningText(item.id)}`}
              onMove={(id, toIndex) => dispatch((current) => moveOutcome(current, id, toIndex))}
              renderItem={(outcome, handle) => (
                <div className={`card item-card${outcome.id === selectedId ? ' item-card--selected' : ''}`}>
                  {handle}
                  <button
                    type="button"
                    className="item-card__select"
                    onClick={() => setSelectedId(outcome.id)}
                  >
                    <span className="item-card__title">{outcomeTitle(outcome)}</span>
                    <span className="item-card__subtitle">{outcomeSubtitle(outcome, quiz.type)}</span>
                    <WarningNotes warnings={warnings.filter((w) => w.id === outcome.id)} />
                  </button>
                  <button
                    type="button"
                    className="item-card__delete"
                    aria-label={`Delete ${outcomeTitle(outcome)}`}
                    onClick={() => setDeletingId(outcome.id)}
                  >
                    ×
                  </button>
                </div>
              )}
            />
          )}
        </div>
        {selected ? <OutcomeEditor key={selected.id} outcome={selected} quizType={quiz.type} /> : null}
      </div>
      {deleting ? (
        <ConfirmationModal
          onCancel={() => setDeletingId(null)}
          onConfirm={() => {
            dispatch((current) => removeOutcome(current, deleting.id));
            setDeletingId(null);
            if (selectedId === deleting.id) setSelectedId(null);
          }}
        >
          <p>
            {outcomeTitle(deleting)} will be removed, and answers that lead to it will no longer lead
            anywhere.
          </p>
        </ConfirmationModal>
      ) : null}
    </>
  );
}
