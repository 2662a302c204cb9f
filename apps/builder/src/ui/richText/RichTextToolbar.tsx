import type { Editor } from '@tiptap/core';
import { useEditorState } from '@tiptap/react';
import { type KeyboardEvent, type ReactNode, useRef, useState } from 'react';
import { BulletListIcon, LinkIcon, NumberedListIcon } from './toolbarIcons';

interface ToolbarButton {
  label: string;
  shortcut?: { aria: string; shown: string };
  content: ReactNode;
  isActive: (editor: Editor) => boolean;
}

const isMac = typeof navigator !== 'undefined' && /Mac|iPhone|iPad/.test(navigator.platform);
const shortcut = (key: string) => ({
  aria: `${isMac ? 'Meta' : 'Control'}+${key}`,
  shown: `${isMac ? '⌘' : 'Ctrl+'}${key}`,
});

const BUTTONS = {
  bold: { label: 'Bold', shortcut: shortcut('B'), content: <b>B</b>, isActive: (e) => e.isActive('bold') },
  italic: {
    label: 'Italic',
    shortcut: shortcut('I'),
    content: <i>I</i>,
    isActive: (e) => e.isActive('italic'),
  },
  link: {
    label: 'Link',
    shortcut: shortcut('K'),
    content: <LinkIcon />,
    isActive: (e) => e.isActive('link'),
  },
  bulletList: {
    label: 'Bulleted List',
    content: <BulletListIcon />,
    isActive: (e) => e.isActive('bulletList'),
  },
  orderedList: {
    label: 'Numbered List',
    content: <NumberedListIcon />,
    isActive: (e) => e.isActive('orderedList'),
  },
} satisfies Record<string, ToolbarButton>;

type ButtonName = keyof typeof BUTTONS;
const BUTTON_NAMES = Object.keys(BUTTONS) as ButtonName[];

interface RichTextToolbarProps {
  editor: Editor;
  editableId: string;
  disabled: boolean;
  onLink: () => void;
}

/**
 * The formatting buttons: one tab stop, arrow keys move between them (the toolbar pattern). A mouse press keeps
 * the focus and selection in the text, so the button acts on what was selected.
 */
export function RichTextToolbar({ editor, editableId, disabled, onLink }: RichTextToolbarProps) {
  const pressed = useEditorState({
    editor,
    selector: ({ editor: current }) =>
      Object.fromEntries(BUTTON_NAMES.map((name) => [name, BUTTONS[name].isActive(current)])),
  });
  const [focusIndex, setFocusIndex] = useState(0);
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);

  const act = (name: ButtonName) => {
    const chain = editor.chain().focus();
    if (name === 'bold') chain.toggleBold().run();
    else if (name === 'italic') chain.toggleItalic().run();
    else if (name === 'bulletList') chain.toggleBulletList().run();
    else if (name === 'orderedList') chain.toggleOrderedList().run();
    else onLink();
  };

  const moveFocus = (event: KeyboardEvent) => {
    const last = BUTTON_NAMES.length - 1;
    const next = {
      ArrowRight: focusIndex === last ? 0 : focusIndex + 1,
      ArrowLeft: focusIndex === 0 ? last : focusIndex - 1,
      Home: 0,
      End: last,
    }[event.key];
    if (next === undefined) return;
    event.preventDefault();
    setFocusIndex(next);
    buttons.current[next]?.focus();
  };

  return (
    <div
      role="toolbar"
      aria-label="Formatting"
      aria-controls={editableId}
      className="rich-text__toolbar"
      onKeyDown={moveFocus}
    >
      {BUTTON_NAMES.map((name, index) => {
        const button: ToolbarButton = BUTTONS[name];
        return (
          <button
            key={name}
            ref={(element) => {
              buttons.current[index] = element;
            }}
            type="button"
            className="rich-text__button"
            aria-label={button.label}
            aria-pressed={pressed?.[name] ?? false}
            aria-keyshortcuts={button.shortcut?.aria}
            title={button.shortcut ? `${button.label} (${button.shortcut.shown})` : button.label}
            tabIndex={index === focusIndex ? 0 : -1}
            disabled={disabled}
            onMouseDown={(event) => event.preventDefault()}
            onFocus={() => setFocusIndex(index)}
            onClick={() => act(name)}
          >
            {button.content}
          </button>
        );
      })}
    </div>
  );
}
