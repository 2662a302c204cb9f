import type { Quiz } from '@quizbeam/contracts/quiz';
import { isJsonObject, type JsonConflict, type JsonPath } from './mergeJson';

/*
 * What a marketer reads for a conflict: where it is, as the editor names it ('Question 3 ("Which roast do you
 * like?") › Answer "Dark" › Points'), items by their position and text, fields by their label in the editor.
 */

type Kind = 'quiz' | 'question' | 'answer' | 'outcome' | 'category' | 'captureForm' | 'leadField' | 'other';

const FIELD_LABELS: Record<Kind, Readonly<Record<string, string>>> = {
  quiz: {
    name: 'Quiz name',
    title: 'Start page title',
    description: 'Start page description',
    cta: 'Start button text',
    type: 'Quiz type',
    redirect: 'Redirect URL',
    theme: 'Theme',
    showPoweredByBadge: 'Powered-by badge',
    backgroundImage: 'Background image',
    socialShareImage: 'Social share image',
    fontFamily: 'Main font',
    textColor: 'Main text color',
    buttonBackgroundColor: 'Button background color',
    buttonFontFamily: 'Button font',
    buttonTextColor: 'Button text color',
    ctaBackgroundColor: 'CTA background color',
    ctaFontFamily: 'CTA font',
    ctaTextColor: 'CTA text color',
    startPage: 'Start page',
    scoring: 'Scoring',
  },
  question: {
    text: 'Question text',
    image: 'Question image',
    type: 'Question type',
    selection: 'Number of choices',
    rating: 'Rating scale',
    number: 'Number settings',
    ranges: 'Value ranges',
    multiline: 'Multiple lines',
    optional: 'Optional',
    category: 'Category',
  },
  answer: {
    imageCaption: 'Image caption',
    outcomeWeight: 'Outcome weight',
    extraOutcomes: 'More outcome links',
  },
  outcome: {
    name: 'Title',
    type: 'Outcome type',
    redirect: 'Redirect URL',
    descriptions: 'Description',
    image: 'Outcome image',
    enableSocialSharing: 'Enable social sharing',
    enableCta: 'Enable CTA',
    ctaButtonText: 'CTA button text',
    ctaUrl: 'CTA link',
    scoreRange: 'Score range',
  },
  category: {},
  captureForm: {
    enabled: 'Enable lead capture',
    type: 'Destination type',
    targetServiceName: 'Email service',
    connectionId: 'Connection',
    targetId: 'List',
    skippable: 'Skippable',
    useConfirmationCheckbox: 'Use confirmation checkbox',
    confirmationCheckboxText: 'Confirmation checkbox text',
    captureName: 'Include name field',
    usePerOutcomeSettings: 'Segment by outcome',
    headerText: 'Header',
    dataUsageNote: 'Footer note',
    privacyPolicyUrl: 'Privacy policy URL',
    htmlFormSettings: 'HTML form',
    webhookIds: 'Webhooks',
    placement: 'Placement',
  },
  leadField: {
    key: 'Key',
    choices: 'Choices',
    serviceField: 'Email service field',
    htmlFormField: 'HTML form field',
  },
  other: {
    text: 'Text',
    name: 'Name',
    label: 'Label',
    title: 'Title',
    description: 'Description',
    descriptionText: 'Description',
    image: 'Image',
    points: 'Points',
    next: 'Next step',
    outcome: 'Outcome link',
    required: 'Required',
    enabled: 'Enabled',
    from: 'From',
    to: 'To',
    min: 'Minimum',
    max: 'Maximum',
    step: 'Step',
    unit: 'Unit',
    display: 'Show as',
    kind: 'Scale',
    lowLabel: 'Low label',
    highLabel: 'High label',
    outcomeBy: 'Outcomes by',
    showCategoryBars: 'Category bars',
  },
};

const MAX_QUOTED_LENGTH = 40;

/** An item's words as a label quotes them: on one line, cut after a word to at most 40 characters. */
function quoted(text: unknown): string | null {
  const words = typeof text === 'string' ? text.replace(/\s+/g, ' ').trim() : '';
  if (!words) return null;
  if (words.length <= MAX_QUOTED_LENGTH) return words;
  const cut = words.slice(0, MAX_QUOTED_LENGTH - 1);
  const lastSpace = cut.lastIndexOf(' ');
  // A whole word less reads better than half a word, unless that leaves too little to recognise the item.
  return `${(lastSpace > MAX_QUOTED_LENGTH / 2 ? cut.slice(0, lastSpace) : cut).trimEnd()}…`;
}

/** A key no label is kept for, as words: `buttonTextColor` → 'Button text color'. */
function keyAsWords(key: string): string {
  const words = key.replace(/([a-z0-9])([A-Z])/g, '$1 $2').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

const fieldLabel = (kind: Kind, key: string) =>
  FIELD_LABELS[kind][key] ?? FIELD_LABELS.other[key] ?? keyAsWords(key);

/** The lists whose items a label names, by the kind holding them: the key, and the kind of their items. */
const ITEM_LISTS: Partial<Record<Kind, Readonly<Record<string, Kind>>>> = {
  quiz: { questions: 'question', outcomes: 'outcome', categories: 'category' },
  question: { answers: 'answer' },
  captureForm: { fields: 'leadField' },
};

/** The same place in each version that has it. */
interface Place {
  base: unknown;
  merged: unknown;
  mine: unknown;
}

const child = (parent: unknown, key: string): unknown => (isJsonObject(parent) ? parent[key] : undefined);

const childPlace = (place: Place, key: string): Place => ({
  base: child(place.base, key),
  merged: child(place.merged, key),
  mine: child(place.mine, key),
});

function itemIn(
  list: unknown,
  id: string | number,
): { item: Record<string, unknown>; position: number } | null {
  if (!Array.isArray(list)) return null;
  const index = list.findIndex((item) => isJsonObject(item) && item.id === id);
  const item: unknown = list[index];
  return isJsonObject(item) ? { item, position: index + 1 } : null;
}

/** 'Question 3 ("Which roast do you like?")', 'Answer "Dark"', 'Outcome 2', 'Field "Phone"'. */
function itemLabel(kind: Kind, lists: Place, id: string | number): { label: string; place: Place } {
  const inBase = itemIn(lists.base, id);
  const inMerged = itemIn(lists.merged, id);
  const inMine = itemIn(lists.mine, id);
  const position = (inMerged ?? inMine ?? inBase)?.position ?? 0;
  // The words before either change: a conflict over the text itself would otherwise name the item by one side.
  const item = (inBase ?? inMerged ?? inMine)?.item;
  const place = { base: inBase?.item, merged: inMerged?.item, mine: inMine?.item };
  switch (kind) {
    case 'question':
      return { label: named('Question', position, item?.text, true), place };
    case 'outcome':
      return { label: named('Outcome', position, item?.name, true), place };
    case 'answer':
      return { label: named('Answer', position, item?.text, false), place };
    case 'category':
      return { label: named('Category', position, item?.name, false), place };
    case 'leadField':
      return { label: named('Field', position, item?.label, false), place };
    default:
      return { label: `Item ${id}`, place };
  }
}

/** With `numbered`, the position stays and the words follow in brackets; else the words replace it. */
function named(noun: string, position: number, text: unknown, numbered: boolean): string {
  const words = quoted(text);
  if (!words) return `${noun} ${position}`;
  return numbered ? `${noun} ${position} ("${words}")` : `${noun} "${words}"`;
}

/**
 * The conflict's label from its path, reading item words from the base (else the merged quiz, else mine) and
 * positions from the merged quiz (else mine). An item deleted on one side says which.
 */
export function conflictLabel(
  conflict: JsonConflict,
  versions: { base: Quiz; merged: Quiz; mine: Quiz },
): string {
  const parts: string[] = [];
  let kind: Kind = 'quiz';
  let place: Place = { ...versions };
  const path: JsonPath = conflict.path;
  for (let index = 0; index < path.length; index++) {
    const key = String(path[index]);
    const itemKind: Kind | undefined = ITEM_LISTS[kind]?.[key];
    const id = path[index + 1];
    if (itemKind && id !== undefined) {
      const named = itemLabel(itemKind, childPlace(place, key), id);
      parts.push(named.label);
      place = named.place;
      kind = itemKind;
      index++;
      continue;
    }
    place = childPlace(place, key);
    if (key === 'leadCaptureSettings') {
      parts.push('Capture form');
      kind = 'captureForm';
    } else {
      parts.push(fieldLabel(kind, key));
      kind = 'other';
    }
  }
  if (conflict.deletedIn === 'mine') parts.push('Deleted in your version, changed in the other');
  if (conflict.deletedIn === 'theirs') parts.push('Changed in your version, deleted in the other');
  return parts.join(' › ');
}
