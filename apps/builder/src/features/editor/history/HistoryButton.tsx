import type { Quiz } from '@quizbeam/contracts/quiz';
import { useState } from 'react';
import { HistoryPanel } from './HistoryPanel';
import { HISTORY_BUTTON_TEXT } from './historyTexts';

interface HistoryButtonProps {
  /** The quiz as a restore stored it, for the editor to show (and to save over from now on). */
  onRestored: (quiz: Quiz) => void;
}

/** The top bar's History: the quiz's versions, to preview and restore. */
export function HistoryButton({ onRestored }: HistoryButtonProps) {
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <button type="button" className="button button--secondary" onClick={() => setIsOpen(true)}>
        {HISTORY_BUTTON_TEXT}
      </button>
      {isOpen && <HistoryPanel onClose={() => setIsOpen(false)} onRestored={onRestored} />}
    </>
  );
}
