/** The progress bar above a screen (decorative: the status line says the same in words). */
export const progressBarHtml = (percent: number): string =>
  `<div class="qb-bar" aria-hidden="true"><span style="width:${percent}%"></span></div>`;
