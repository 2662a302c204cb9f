import { answerForms } from './runtime/answerForms';
import { publishedPageVisitor } from './runtime/publishedVisitor';
import { startPlayer } from './runtime/startPlayer';

// Published quizzes with questions of other types than single choice (see playerScriptFor).
startPlayer(publishedPageVisitor, answerForms);
