import { DomUtils, parseDocument } from 'htmlparser2';

/** Pasted markup, parsed. */
export type MarkupDocument = ReturnType<typeof parseDocument>;
/** An element of the parsed markup (domhandler's Element, reached through htmlparser2's own exports). */
export type FormElement = NonNullable<ReturnType<typeof DomUtils.findOne>>;

export function parseMarkup(markup: string): MarkupDocument {
  return parseDocument(markup, { lowerCaseTags: true, lowerCaseAttributeNames: true, decodeEntities: true });
}

/** Every element below `roots` that `test` accepts, in document order. */
export function elementsBelow(
  roots: MarkupDocument | FormElement,
  test: (element: FormElement) => boolean,
): FormElement[] {
  return DomUtils.findAll(test, roots.children);
}

export function firstElementBelow(
  roots: MarkupDocument | FormElement,
  test: (element: FormElement) => boolean,
): FormElement | null {
  return DomUtils.findOne(test, roots.children, true);
}

export const isNamed =
  (...names: string[]) =>
  (element: FormElement) =>
    names.includes(element.name);

/** An attribute's value, or null when the element has none. */
export function attributeOf(element: FormElement, name: string): string | null {
  return element.attribs[name] ?? null;
}

const CONTROLS_INSIDE_LABELS = ['input', 'select', 'textarea', 'button', 'option', 'script', 'style'];

/** The visible text of an element with its whitespace collapsed, leaving out controls inside it (a label's select). */
export function textOf(element: FormElement): string {
  const parts: string[] = [];
  const visit = (node: FormElement['children'][number]) => {
    if (DomUtils.isText(node)) parts.push(node.data);
    else if (DomUtils.isTag(node) && !CONTROLS_INSIDE_LABELS.includes(node.name))
      node.children.forEach(visit);
  };
  element.children.forEach(visit);
  return collapseWhitespace(parts.join(''));
}

export function collapseWhitespace(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

export function closestAncestor(element: FormElement, name: string): FormElement | null {
  for (let parent = element.parent; parent; parent = parent.parent) {
    if (DomUtils.isTag(parent) && parent.name === name) return parent;
  }
  return null;
}
