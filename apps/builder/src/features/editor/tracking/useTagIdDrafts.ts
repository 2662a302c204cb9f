import type { BrowserTracking } from '@quizbeam/contracts/measurement';
import { useState } from 'react';
import { checkTagId, type TagIdKey, type TagIdTexts, tagIdKeys, tagIdTextsOf } from './tagIds';

/**
 * The ID fields over IDs kept in the quiz store. The quiz only ever holds an ID the server takes, so what
 * is typed stays in the field and reaches the store once it is a whole ID (or blank); a text that is not one
 * says why once the field is left. An ID the store changes from elsewhere (undo, another tab's save)
 * replaces what the field shows.
 */
export function useTagIdDrafts(stored: BrowserTracking, commit: (key: TagIdKey, value: string) => void) {
  const storedTexts = tagIdTextsOf(stored);
  const [texts, setTexts] = useState<TagIdTexts>(storedTexts);
  const [seen, setSeen] = useState<TagIdTexts>(storedTexts);
  // Each field's text when it was last left: its error shows until the text changes.
  const [leftWith, setLeftWith] = useState<Partial<TagIdTexts>>({});

  const changedKeys = tagIdKeys.filter((key) => storedTexts[key] !== seen[key]);
  if (changedKeys.length > 0) {
    setSeen(storedTexts);
    setTexts((previous) => {
      const next = { ...previous };
      for (const key of changedKeys) {
        const typed = checkTagId(key, previous[key]);
        if (!typed.ok || typed.value !== storedTexts[key]) next[key] = storedTexts[key];
      }
      return next;
    });
  }

  const errors: Partial<TagIdTexts> = {};
  for (const key of tagIdKeys) {
    const checked = checkTagId(key, texts[key]);
    if (!checked.ok && leftWith[key] === texts[key]) errors[key] = checked.error;
  }

  function onChange(key: TagIdKey, text: string) {
    setTexts((previous) => ({ ...previous, [key]: text }));
    const checked = checkTagId(key, text);
    if (checked.ok && checked.value !== storedTexts[key]) commit(key, checked.value);
  }

  function onBlur(key: TagIdKey) {
    const checked = checkTagId(key, texts[key]);
    const shown = checked.ok ? checked.value : texts[key];
    setTexts((previous) => ({ ...previous, [key]: shown }));
    setLeftWith((previous) => ({ ...previous, [key]: shown }));
  }

  return { texts, errors, onChange, onBlur };
}
