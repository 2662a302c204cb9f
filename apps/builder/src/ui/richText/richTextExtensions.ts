import { Extension } from '@tiptap/core';
import Bold from '@tiptap/extension-bold';
import Document from '@tiptap/extension-document';
import HardBreak from '@tiptap/extension-hard-break';
import Italic from '@tiptap/extension-italic';
import Link from '@tiptap/extension-link';
import { BulletList, ListItem, OrderedList } from '@tiptap/extension-list';
import Paragraph from '@tiptap/extension-paragraph';
import Text from '@tiptap/extension-text';
import Underline from '@tiptap/extension-underline';
import { history, redo, undo } from '@tiptap/pm/history';
import { linkAddress } from './richTextHtml';

const NEW_TAB = { target: '_blank', rel: 'noopener noreferrer' } as const;

/**
 * A link carries its address and nothing else the published page would drop; it always opens in a new tab, as
 * the page opens it (inside an embed the quiz's frame must not navigate away).
 */
const SafeLink = Link.extend({
  addAttributes() {
    return {
      href: { default: null, parseHTML: (element: HTMLElement) => element.getAttribute('href') },
      target: { default: NEW_TAB.target, parseHTML: () => NEW_TAB.target },
      rel: { default: NEW_TAB.rel, parseHTML: () => NEW_TAB.rel },
    };
  },
}).configure({
  HTMLAttributes: {},
  openOnClick: false,
  defaultProtocol: 'https',
  isAllowedUri: (address) => linkAddress(address) !== null,
});

/**
 * Undo and redo inside the field (the editor's own undo applies outside text fields). Written here rather than
 * taken from @tiptap/extensions, whose other extensions would all come along in the download.
 */
const FieldHistory = Extension.create({
  name: 'fieldHistory',
  addProseMirrorPlugins: () => [history()],
  addKeyboardShortcuts() {
    const undoHere = () => undo(this.editor.state, this.editor.view.dispatch);
    const redoHere = () => redo(this.editor.state, this.editor.view.dispatch);
    return { 'Mod-z': undoHere, 'Shift-Mod-z': redoHere, 'Mod-y': redoHere };
  },
});

/** Tab leaves the field as it leaves a text area, instead of nesting list items (a keyboard trap). */
const ListItemWithoutTab = ListItem.extend({
  addKeyboardShortcuts() {
    return { Enter: () => this.editor.commands.splitListItem(this.name) };
  },
});

/** A numbered list always counts from 1: the published page keeps no start number. */
const PlainOrderedList = OrderedList.extend({
  renderHTML() {
    return ['ol', 0];
  },
});

/**
 * What a description may hold: paragraphs, line breaks (Shift+Enter), bold, italic, underline (kept for
 * descriptions typed as HTML before), links and both lists, with undo inside the field. Pasted formatting
 * beyond that is dropped, so the HTML is always within what the published page keeps.
 */
export const richTextExtensions = [
  Document,
  Paragraph,
  Text,
  HardBreak,
  Bold,
  Italic,
  Underline,
  SafeLink,
  BulletList,
  PlainOrderedList,
  ListItemWithoutTab,
  FieldHistory,
];
