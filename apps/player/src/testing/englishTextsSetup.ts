import { en } from '@quizbeam/contracts/visitorTexts/en';
import { useVisitorTexts } from '../visitorText';

// Screens drawn in a test without a page's data are drawn in English, as an English quiz's page would be.
useVisitorTexts('en', en);
