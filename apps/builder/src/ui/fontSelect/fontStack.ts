import { fontStack, webFontOf } from '@quizbeam/contracts/fonts';
import type { CSSProperties } from 'react';

/** The style that draws text in a listed family (as the published page does); none for any other name. */
export function fontStyleOf(family: string): CSSProperties | undefined {
  return webFontOf(family) ? { fontFamily: fontStack(family) } : undefined;
}
