import type { PresenceEditor } from '@quizbeam/contracts/quizHistory';
import { useMe } from '../../session/useMe';
import './PresenceIndicator.css';

/** Past this many people, the rest are one "+N" circle. */
export const AVATARS_SHOWN = 4;

const OWN_OTHER_TAB_TEXT = 'you (another tab)';

/** How one person with the quiz open is named: the caller's own other tabs as "you". */
export function editorLabel(editor: PresenceEditor, myEmail: string): string {
  if (editor.email === myEmail) {
    return editor.tabCount === 1 ? OWN_OTHER_TAB_TEXT : `you (${editor.tabCount} other tabs)`;
  }
  return editor.tabCount === 1 ? editor.email : `${editor.email} (${editor.tabCount} tabs)`;
}

export const alsoEditingText = (labels: string[]) => `Also editing: ${labels.join(', ')}`;

const AVATAR_COLORS = 6;

/** The same person keeps the same color in every tab. */
function colorOf(email: string): number {
  let hash = 0;
  for (const character of email) hash = (hash * 31 + (character.codePointAt(0) ?? 0)) >>> 0;
  return hash % AVATAR_COLORS;
}

/** Who else has the quiz open, as initial-letter circles; nothing when nobody else has. */
export function PresenceIndicator({ editors }: { editors: PresenceEditor[] }) {
  const myEmail = useMe().email;
  if (editors.length === 0) return null;
  const labels = editors.map((editor) => editorLabel(editor, myEmail));
  const summary = alsoEditingText(labels);
  const shown = editors.slice(0, AVATARS_SHOWN);
  const hidden = editors.length - shown.length;
  return (
    <div className="presence-indicator" title={summary}>
      <span className="visually-hidden">{summary}</span>
      {shown.map((editor, index) => (
        <span
          key={editor.email}
          className={`presence-indicator__avatar presence-indicator__avatar--${colorOf(editor.email)}`}
          title={labels[index]}
          aria-hidden="true"
        >
          {editor.email.slice(0, 1).toUpperCase()}
        </span>
      ))}
      {hidden > 0 && (
        <span className="presence-indicator__avatar presence-indicator__more" aria-hidden="true">
          +{hidden}
        </span>
      )}
    </div>
  );
}
