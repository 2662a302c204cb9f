import { useState, useSyncExternalStore } from 'react';
import { Modal } from '../../../ui/modal/Modal';
import type { AutosaveController } from './autosaveController';
import './MergeConflictModal.css';

export const MERGE_CONFLICT_TITLE = 'Choose which changes to keep';
export const RESOLVE_CONFLICT_LABEL = 'Resolve…';

const VALUE_PREVIEW_LENGTH = 160;

/** A field's value as the marketer reads it: text as is, an item by its text or name, nothing as such. */
export function describeValue(value: unknown): string {
  if (value === undefined) return '(deleted)';
  if (value === null || value === '') return '(empty)';
  if (typeof value === 'string')
    return shorten(
      value
        .replace(/<[^>]*>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim(),
    );
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'object') {
    const named = value as Record<string, unknown>;
    for (const key of ['text', 'name', 'title']) {
      if (typeof named[key] === 'string' && named[key]) return shorten(named[key]);
    }
  }
  return shorten(JSON.stringify(value));
}

const shorten = (text: string) =>
  text.length > VALUE_PREVIEW_LENGTH ? `${text.slice(0, VALUE_PREVIEW_LENGTH - 1)}…` : text;

/**
 * Both this tab and another (or another person) changed the same fields since the revision they started
 * from. Everything else is already merged; for each of these the marketer keeps one value. Closing the dialog
 * only puts the choice off: nothing is saved until it is made.
 */
export function MergeConflictModal({ controller }: { controller: AutosaveController }) {
  const choice = useSyncExternalStore(
    controller.subscribe,
    controller.getMergeConflict,
    controller.getMergeConflict,
  );
  const [dismissedFor, setDismissedFor] = useState<unknown>(null);
  const [picks, setPicks] = useState<Record<number, 'mine' | 'theirs'>>({});
  if (!choice) return null;
  const { conflicts } = choice.result;

  if (dismissedFor === choice) {
    return (
      <button type="button" className="button button--secondary" onClick={() => setDismissedFor(null)}>
        {RESOLVE_CONFLICT_LABEL}
      </button>
    );
  }

  const picked = (index: number) => picks[index] ?? 'mine';
  const apply = (all?: 'mine' | 'theirs') => {
    setPicks({});
    choice.resolve(conflicts.map((_, index) => all ?? picked(index)));
  };

  return (
    <Modal
      title={MERGE_CONFLICT_TITLE}
      onClose={() => setDismissedFor(choice)}
      footer={
        <>
          <button type="button" className="button button--secondary" onClick={() => apply('theirs')}>
            Keep All Theirs
          </button>
          <button type="button" className="button button--secondary" onClick={() => apply('mine')}>
            Keep All Mine
          </button>
          <button type="button" className="button" onClick={() => apply()}>
            Keep Selected
          </button>
        </>
      }
    >
      <p>
        This quiz was also changed in another tab or by someone else. Their other changes and yours are
        combined; {conflicts.length === 1 ? 'this field was' : `these ${conflicts.length} fields were`}{' '}
        changed on both sides.
      </p>
      <ul className="merge-conflicts">
        {conflicts.map((conflict, index) => (
          <li key={conflict.path.join('/')} className="merge-conflicts__item">
            <fieldset>
              <legend>{conflict.label}</legend>
              {(['mine', 'theirs'] as const).map((side) => (
                <label key={side} className="merge-conflicts__choice">
                  <input
                    type="radio"
                    name={`merge-conflict-${index}`}
                    checked={picked(index) === side}
                    onChange={() => setPicks({ ...picks, [index]: side })}
                  />
                  <span className="merge-conflicts__side">{side === 'mine' ? 'Mine' : 'Theirs'}</span>
                  <span className="merge-conflicts__value">
                    {describeValue(side === 'mine' ? conflict.mine : conflict.theirs)}
                  </span>
                </label>
              ))}
            </fieldset>
          </li>
        ))}
      </ul>
    </Modal>
  );
}
