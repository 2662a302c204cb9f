import type { HtmlFormData } from '@quizbeam/contracts/htmlFormSettings';
import { DomUtils } from 'htmlparser2';
import {
  attributeOf,
  closestAncestor,
  collapseWhitespace,
  elementsBelow,
  type FormElement,
  firstElementBelow,
  isNamed,
  type MarkupDocument,
  textOf,
} from './formElements';

type FormField = HtmlFormData['fields'][number];

/** Inputs that submit nothing of their own (buttons) or nothing our server can send (files). */
const INPUT_TYPES_THAT_ARE_NOT_FIELDS = ['submit', 'button', 'image', 'reset', 'file'];

/** Inputs a browser submits only when checked. */
const CHECKABLE_TYPES = ['radio', 'checkbox'];

const inputTypeOf = (element: FormElement) => (attributeOf(element, 'type') ?? 'text').trim().toLowerCase();

const isField = (element: FormElement) =>
  element.name === 'select' ||
  element.name === 'textarea' ||
  (element.name === 'input' && !INPUT_TYPES_THAT_ARE_NOT_FIELDS.includes(inputTypeOf(element)));

function optionValue(option: FormElement): string {
  return attributeOf(option, 'value') ?? collapseWhitespace(DomUtils.textContent(option));
}

/** What a select submits untouched: its selected option, else its first. */
function selectValue(select: FormElement): string {
  const options = elementsBelow(select, isNamed('option'));
  const chosen = options.find((option) => attributeOf(option, 'selected') !== null) ?? options[0];
  return chosen ? optionValue(chosen) : '';
}

function fieldValue(element: FormElement): string {
  if (element.name === 'select') return selectValue(element);
  if (element.name === 'textarea') return DomUtils.textContent(element);
  return attributeOf(element, 'value') ?? '';
}

function fieldType(element: FormElement): string {
  return element.name === 'input' ? inputTypeOf(element) : element.name;
}

/** A `<label for=id>` anywhere in the markup, else a label around the field, else its placeholder, else its name. */
function fieldLabel(document: MarkupDocument, element: FormElement, name: string): string {
  const id = attributeOf(element, 'id');
  const labelFor = id
    ? firstElementBelow(
        document,
        (candidate) => candidate.name === 'label' && attributeOf(candidate, 'for') === id,
      )
    : null;
  const label = labelFor ?? closestAncestor(element, 'label');
  const labelText = label ? textOf(label) : '';
  if (labelText) return labelText;
  const placeholder = collapseWhitespace(attributeOf(element, 'placeholder') ?? '');
  return placeholder || name;
}

/**
 * The fields of the form, in document order. A field without a name is left out: a browser does not
 * submit it, so neither do we.
 */
export function fieldsOf(document: MarkupDocument, form: FormElement): FormField[] {
  return elementsBelow(form, isField).flatMap((element) => {
    const name = (attributeOf(element, 'name') ?? '').trim();
    if (!name) return [];
    const type = fieldType(element);
    return [
      {
        name,
        type,
        value: fieldValue(element),
        label: fieldLabel(document, element, name),
        ...(CHECKABLE_TYPES.includes(type) && { checked: attributeOf(element, 'checked') !== null }),
      },
    ];
  });
}

const isSubmitButton = (element: FormElement) => {
  if (element.name === 'input') return inputTypeOf(element) === 'submit';
  if (element.name !== 'button') return false;
  const type = attributeOf(element, 'type');
  return type === null || type.trim().toLowerCase() === 'submit';
};

/** The form's first submit button: its name and value (what a click adds to the submission), or empty ones. */
export function submitOf(form: FormElement): HtmlFormData['submit'] {
  const button = firstElementBelow(form, isSubmitButton);
  if (!button) return { name: '', value: '' };
  return { name: (attributeOf(button, 'name') ?? '').trim(), value: attributeOf(button, 'value') ?? '' };
}
