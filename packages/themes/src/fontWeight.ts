import { webFontOf } from '@quizbeam/contracts/fonts';

/** The weight bold text takes in a family: 400 where the family has no bold, so none is faked. */
export const boldWeightOf = (family: string): 400 | 700 =>
  webFontOf(family)?.weights.includes(700) ? 700 : 400;
