export const HTML_FORM_SAVED_TEXT = 'Form has been saved.';
export const HTML_FORM_DELETED_TEXT = 'Delete complete.';
export const MARKUP_PLACEHOLDER = 'Paste the HTML of your form here, from <form> to </form>.';

export const fieldCountText = (count: number) => `${count} ${count === 1 ? 'field' : 'fields'}`;

export const deleteHtmlFormText = (name: string) =>
  `Delete the form "${name}"? Quizzes can no longer send leads to it.`;
