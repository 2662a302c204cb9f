import { type ColorRole, ROLE_VARIABLES } from './themeColors';
import type { AnswerStyle } from './themeDefinition';

/** An answer's background: a role's colour, a mix of one role into another, or none (what lies beneath). */
export type FaceBackground =
  | { role: ColorRole }
  | { mix: ColorRole; percent: number; into: ColorRole }
  | 'none';

/**
 * One painted state of an answer button: its text colour over its background. The stylesheet is written
 * from these, and the contrast test checks each of them, so the two cannot drift apart.
 */
export interface AnswerFace {
  /** '' for the answer at rest, ':hover', or '::before' for the lettered badge. */
  part: '' | ':hover' | '::before';
  text: ColorRole;
  background: FaceBackground;
}

interface AnswerStyleSpec {
  faces: readonly AnswerFace[];
  /** Declarations beyond colour: borders, layout, the counter. */
  extraCss: string;
}

const ANSWER = '.qb-answers .qb-btn';

const buttonFace = (part: AnswerFace['part']): AnswerFace => ({
  part,
  text: 'buttonText',
  background: { role: 'buttonBackground' },
});

const ANSWER_STYLES: Record<AnswerStyle, AnswerStyleSpec> = {
  solid: { faces: [buttonFace('')], extraCss: '' },
  outline: {
    faces: [{ part: '', text: 'text', background: 'none' }, buttonFace(':hover')],
    extraCss: `${ANSWER}{border:2px solid var(--qb-btn-bg);box-shadow:none}${ANSWER}:hover{filter:none}`,
  },
  tinted: {
    faces: [
      { part: '', text: 'text', background: { mix: 'buttonBackground', percent: 12, into: 'surface' } },
      { part: ':hover', text: 'text', background: { mix: 'buttonBackground', percent: 24, into: 'surface' } },
    ],
    extraCss: `${ANSWER}{border-inline-start:.3125rem solid var(--qb-btn-bg);box-shadow:none}${ANSWER}:hover{filter:none}`,
  },
  lettered: {
    faces: [
      { part: '', text: 'text', background: { mix: 'text', percent: 6, into: 'surface' } },
      buttonFace('::before'),
    ],
    extraCss:
      `.qb-answers{counter-reset:qb-answer}${ANSWER}{counter-increment:qb-answer;display:flex;align-items:center;` +
      'gap:.75rem;border:1px solid color-mix(in srgb,var(--qb-text) 22%,transparent);box-shadow:none}' +
      `${ANSWER}:hover{border-color:var(--qb-btn-bg);filter:none}` +
      // The letter is decoration: its alternative text is empty where browsers support one.
      `${ANSWER}::before{content:counter(qb-answer,upper-alpha);content:counter(qb-answer,upper-alpha)/"";` +
      'flex:none;display:grid;place-items:center;width:2rem;height:2rem;border-radius:var(--qb-btn-radius);' +
      'font-weight:700;font-size:.875rem}' +
      `.qb-answers--images .qb-btn{position:relative}.qb-answers--images .qb-btn::before{position:absolute;top:.75rem;inset-inline-start:.75rem}`,
  },
  underline: {
    faces: [{ part: '', text: 'text', background: 'none' }],
    extraCss:
      `.qb-answers:not(.qb-answers--images){gap:0}${ANSWER}{border-radius:0;border-bottom:2px solid var(--qb-muted);` +
      'box-shadow:none;padding-inline-start:.25rem;transition:padding .2s,border-color .2s}' +
      `${ANSWER}:hover{border-bottom-color:var(--qb-btn-bg);padding-inline-start:.75rem;filter:none}`,
  },
};

export const answerFaces = (style: AnswerStyle): readonly AnswerFace[] => ANSWER_STYLES[style].faces;

const variable = (role: ColorRole) => `var(${ROLE_VARIABLES[role]})`;

function backgroundCss(background: FaceBackground): string {
  if (background === 'none') return 'none';
  if ('role' in background) return variable(background.role);
  return `color-mix(in srgb,${variable(background.mix)} ${background.percent}%,${variable(background.into)})`;
}

/** The answer style's rules, written over `.qb-answers .qb-btn` (answers are buttons in the markup). */
export function answerStyleCss(style: AnswerStyle): string {
  const { faces, extraCss } = ANSWER_STYLES[style];
  const colours = faces
    .map(
      (face) =>
        `${ANSWER}${face.part}{color:${variable(face.text)};background:${backgroundCss(face.background)}}`,
    )
    .join('');
  return colours + extraCss;
}
