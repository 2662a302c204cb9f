import type { Editor } from '@tiptap/core';
import { useEffect, useId, useRef, useState } from 'react';
import { LINK_ADDRESS_MESSAGE, linkAddress } from './richTextHtml';

interface LinkAddressFormProps {
  editor: Editor;
  /** Closes the form; the focus goes back to the text. */
  onClose: () => void;
}

/** Puts a link on the selection, or edits or removes the link at the cursor. */
function applyLink(editor: Editor, href: string): void {
  const chain = editor.chain().focus();
  if (editor.state.selection.empty && !editor.isActive('link')) {
    // Nothing selected: the address itself becomes the link's text, and typing after it is plain again.
    chain
      .insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] })
      .unsetMark('link')
      .run();
    return;
  }
  chain.extendMarkRange('link').setLink({ href }).run();
}

/** Asks for a link's address under the toolbar: only web pages and email addresses are taken. */
export function LinkAddressForm({ editor, onClose }: LinkAddressFormProps) {
  const inputId = useId();
  const errorId = useId();
  const editing = editor.isActive('link');
  const [address, setAddress] = useState(() =>
    editing ? String(editor.getAttributes('link').href ?? '') : '',
  );
  const [refused, setRefused] = useState(false);
  const input = useRef<HTMLInputElement>(null);

  useEffect(() => input.current?.focus(), []);

  const apply = () => {
    const href = linkAddress(address);
    if (href === null) {
      setRefused(true);
      input.current?.focus();
      return;
    }
    applyLink(editor, href);
    onClose();
  };
  const remove = () => {
    editor.chain().focus().extendMarkRange('link').unsetLink().run();
    onClose();
  };
  const cancel = () => {
    editor.commands.focus();
    onClose();
  };

  return (
    <fieldset
      className="rich-text__link-form"
      onKeyDown={(event) => {
        if (event.key === 'Escape') {
          event.preventDefault();
          event.stopPropagation();
          cancel();
        } else if (event.key === 'Enter' && event.target === input.current) {
          event.preventDefault();
          apply();
        }
      }}
    >
      <legend className="visually-hidden">Link</legend>
      <label className="field__label" htmlFor={inputId}>
        Link Address
      </label>
      <input
        ref={input}
        id={inputId}
        className={refused ? 'input input--error' : 'input'}
        type="text"
        inputMode="url"
        autoComplete="url"
        placeholder="https://example.com"
        value={address}
        aria-invalid={refused ? true : undefined}
        aria-describedby={refused ? errorId : undefined}
        onChange={(event) => {
          setAddress(event.target.value);
          setRefused(false);
        }}
      />
      {refused ? (
        <span id={errorId} className="field__error" role="alert">
          {LINK_ADDRESS_MESSAGE}
        </span>
      ) : null}
      <div className="rich-text__link-actions">
        <button type="button" className="button" onClick={apply}>
          Apply
        </button>
        {editing ? (
          <button type="button" className="button button--secondary" onClick={remove}>
            Remove Link
          </button>
        ) : null}
        <button type="button" className="button button--secondary" onClick={cancel}>
          Cancel
        </button>
      </div>
    </fieldset>
  );
}
