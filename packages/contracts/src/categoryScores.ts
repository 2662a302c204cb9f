/** A scored quiz's category as one visitor scored it (plain type: the visitor's page reads it too). */
export type CategoryScore = {
  id: number;
  name: string;
  score: number;
  /** The most points the category's questions can give (see the quiz engine's `categoryMaxima`). */
  maxScore: number;
  /** score / maxScore as a whole percentage; 0 when the category can give no points. */
  percent: number;
};
