import { answerForms } from './runtime/answerForms';
import { previewPageVisitor } from './runtime/previewVisitor';
import { startPlayer } from './runtime/startPlayer';

// The editor's preview: every question type, the result computed in the page with the quiz engine.
startPlayer(previewPageVisitor, answerForms);
