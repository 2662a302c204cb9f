import type { VisitorLanguage } from './visitorLanguages';
import type { VisitorTexts } from './visitorTexts';
import { ar } from './visitorTexts/ar';
import { de } from './visitorTexts/de';
import { en } from './visitorTexts/en';
import { es } from './visitorTexts/es';
import { fr } from './visitorTexts/fr';
import { he } from './visitorTexts/he';
import { it } from './visitorTexts/it';
import { ja } from './visitorTexts/ja';
import { nl } from './visitorTexts/nl';
import { pl } from './visitorTexts/pl';
import { ptBR } from './visitorTexts/ptBR';
import { tr } from './visitorTexts/tr';
import { zhCN } from './visitorTexts/zhCN';

/** Quizbeam's own texts in every language a published quiz speaks. */
export const VISITOR_TEXT_CATALOGUES: Record<VisitorLanguage, VisitorTexts> = {
  en,
  es,
  'pt-BR': ptBR,
  fr,
  de,
  it,
  nl,
  pl,
  tr,
  ar,
  he,
  ja,
  'zh-CN': zhCN,
};
