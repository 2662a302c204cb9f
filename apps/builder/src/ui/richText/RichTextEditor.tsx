import type { EditorOptions } from '@tiptap/core';
import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { LinkAddressForm } from './LinkAddressForm';
import { RichTextToolbar } from './RichTextToolbar';
import { richTextExtensions } from './richTextExtensions';
import { editableHtml } from './richTextHtml';

export interface RichTextEditorProps {
  /** The id of the editable area (the field's label points at it). */
  editableId: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  disabled: boolean;
}

const isLinkShortcut = (event: KeyboardEvent) =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

/**
 * The formatting editor behind RichTextField (loaded with the editor's screens only). One editor lives as long
 * as the field: each change hands its HTML out, and a value from outside (undo, another item) replaces the
 * content only when it differs from what the editor last handed out, so typing never rebuilds it.
 */
export default function RichTextEditor({
  editableId,
  labelId,
  value,
  onChange,
  disabled,
}: RichTextEditorProps) {
  const [linkFormOpen, setLinkFormOpen] = useState(false);
  const latestOnChange = useRef(onChange);
  useEffect(() => {
    latestOnChange.current = onChange;
  }, [onChange]);
  // What the editor shows, as the caller's value: set by each change handed out and each value taken in.
  const shownValue = useRef(value);
  const [initialContent] = useState(() => editableHtml(value));
  // Focus that reached the placeholder (same id) while this code was loading goes on to the text.
  const [autofocus] = useState(() => (document.activeElement?.id === editableId ? ('end' as const) : false));

  // Stable between renders, so a keystroke's re-render does not reconfigure the editor.
  const editorProps = useMemo<EditorOptions['editorProps']>(
    () => ({
      attributes: {
        id: editableId,
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(disabled && { 'aria-disabled': 'true' }),
        class: 'input rich-text__area',
      },
      handleKeyDown: (_view, event) => {
        if (!isLinkShortcut(event)) return false;
        setLinkFormOpen(true);
        return true;
      },
    }),
    [editableId, labelId, disabled],
  );

  const editor = useEditor({
    extensions: richTextExtensions,
    content: initialContent,
    editable: !disabled,
    autofocus,
    editorProps,
    shouldRerenderOnTransaction: false,
    // The builder's Content-Security-Policy refuses inline styles: RichTextField.css carries what it needs.
    injectCSS: false,
    onUpdate: ({ editor: changed }) => {
      const html = changed.isEmpty ? '' : changed.getHTML();
      shownValue.current = html;
      latestOnChange.current(html);
    },
  });

  // Before the browser paints or the next keystroke arrives, so the editor never shows an older value.
  useLayoutEffect(() => {
    if (value === shownValue.current) return;
    shownValue.current = value;
    // Not an edit in this field: its own undo must not step back over it.
    editor
      .chain()
      .setMeta('addToHistory', false)
      .setContent(editableHtml(value), { emitUpdate: false })
      .run();
  }, [editor, value]);

  useEffect(() => {
    if (editor.isEditable !== disabled) return;
    editor.setEditable(!disabled, false);
    if (disabled) setLinkFormOpen(false);
  }, [editor, disabled]);

  return (
    <div className="rich-text">
      <RichTextToolbar
        editor={editor}
        editableId={editableId}
        disabled={disabled}
        onLink={() => setLinkFormOpen(true)}
      />
      {linkFormOpen ? <LinkAddressForm editor={editor} onClose={() => setLinkFormOpen(false)} /> : null}
      <EditorContent editor={editor} className="rich-text__content" />
    </div>
  );
}
