import { type RefObject, useEffect, useMemo, useState } from 'react';
import type { EditedItem } from './livePreviewScreen';

/*
 * The Questions and Outcomes tabs keep their selection to themselves and show the selected item's settings
 * in a region named after its card ("Question 3 settings"). That region is what says which item is being
 * edited, so it is read from the tab's content as it changes.
 */
const SETTINGS_REGION = '.item-editor__pane[aria-label]';
const SETTINGS_LABEL = /^(Question|Outcome) (\d+) settings$/;

/** The item whose settings `content` shows, or null when it shows none. */
export function editedItemIn(content: ParentNode | null): EditedItem | null {
  const label = content?.querySelector(SETTINGS_REGION)?.getAttribute('aria-label') ?? '';
  const match = label.match(SETTINGS_LABEL);
  if (!match) return null;
  return { kind: match[1] === 'Question' ? 'question' : 'outcome', rank: Number(match[2]) };
}

const keyOf = (item: EditedItem | null) => (item ? `${item.kind}:${item.rank}` : '');

/** The item being edited in the editor's content, followed as the marketer selects, adds or deletes one. */
export function useEditedItem(contentRef: RefObject<HTMLElement | null>): EditedItem | null {
  const [key, setKey] = useState('');
  useEffect(() => {
    const content = contentRef.current;
    if (!content) return;
    const read = () => setKey(keyOf(editedItemIn(content)));
    read();
    const observer = new MutationObserver(read);
    observer.observe(content, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['aria-label'],
    });
    return () => observer.disconnect();
  }, [contentRef]);
  return useMemo(() => {
    if (!key) return null;
    const [kind, rank] = key.split(':');
    return { kind: kind === 'question' ? 'question' : 'outcome', rank: Number(rank) };
  }, [key]);
}
