import { addQuestion, moveQuestion, removeQuestion } from '@quizbeam/quiz-engine/questions';
import { quizWarnings } from '@quizbeam/quiz-engine/quizWarnings';
import { useDeferredValue, useMemo, useState } from 'react';
import { EmptyState } from '../../../ui/EmptyState';
import { ConfirmationModal } from '../../../ui/modal/ConfirmationModal';
import { PageHeader } from '../../../ui/PageHeader';
import { SortableList } from '../sortable/SortableList';
import { useQuiz, useQuizDispatch } from '../store/quizStoreHooks';
import { WarningNotes } from '../WarningNotes';
import { QuestionProperties } from './QuestionProperties';
import '../itemEditor.css';

const questionTitle = (rank: number) => `Question ${rank}`;

export function QuestionsTab() {
  const quiz = useQuiz();
  const dispatch = useQuizDispatch();
  const [selectedId, setSelectedId] = useState<number | null>(quiz.questions[0]?.id ?? null);
  const [deletingId, setDeletingId] = useState<number | null>(null);
  // Warnings analyse every path through the quiz; computing them after the keystroke keeps typing smooth.
  const deferredQuiz = useDeferredValue(quiz);
  const warnings = useMemo(
    () => quizWarnings(deferredQuiz).filter((w) => w.targetKind === 'question'),
    [deferredQuiz],
  );
  const warningText = (id: number) =>
    warnings
      .filter((w) => w.id === id)
      .map((w) => w.message)
      .join('|');
  const selected = quiz.questions.find((question) => question.id === selectedId) ?? null;
  const deleting = quiz.questions.find((question) => question.id === deletingId) ?? null;

  function add() {
    const { questionId } = addQuestion(quiz);
    dispatch((current) => addQuestion(current).quiz);
    setSelectedId(questionId);
  }

  return (
    <>
      <PageHeader title="Questions">
        <button type="button" className="button" onClick={add}>
          Add Question
        </button>
      </PageHeader>
      <div className="item-editor">
        <div className="item-editor__list">
          {quiz.questions.length === 0 ? (
            <EmptyState />
          ) : (
            <SortableList
              label="Questions"
              items={quiz.questions}
              rowSignature={(item) => `${item.id === selectedId}|${warningText(item.id)}`}
              onMove={(id, toIndex) => dispatch((current) => moveQuestion(current, id, toIndex))}
              renderItem={(question, handle) => (
                <div className={`card item-card${question.id === selectedId ? ' item-card--selected' : ''}`}>
                  {handle}
                  <button
                    type="button"
                    className="item-card__select"
                    onClick={() => setSelectedId(question.id)}
                  >
                    <span className="item-card__title">{questionTitle(question.rank)}</span>
                    <span className="item-card__subtitle">{question.text.trim() || 'Untitled question'}</span>
                    <WarningNotes warnings={warnings.filter((w) => w.id === question.id)} />
                  </button>
                  <button
                    type="button"
                    className="item-card__delete"
                    aria-label={`Delete ${questionTitle(question.rank)}`}
                    onClick={() => setDeletingId(question.id)}
                  >
                    ×
                  </button>
                </div>
              )}
            />
          )}
        </div>
        {selected ? <QuestionProperties key={selected.id} question={selected} /> : null}
      </div>
      {deleting ? (
        <ConfirmationModal
          onCancel={() => setDeletingId(null)}
          onConfirm={() => {
            dispatch((current) => removeQuestion(current, deleting.id));
            setDeletingId(null);
            if (selectedId === deleting.id) setSelectedId(null);
          }}
        >
          <p>
            {questionTitle(deleting.rank)} and its answers will be removed. Rules that lead to it go back to
            their default.
          </p>
        </ConfirmationModal>
      ) : null}
    </>
  );
}
