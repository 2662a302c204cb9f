import { publishedPageVisitor } from './runtime/publishedVisitor';
import { startPlayer } from './runtime/startPlayer';

// Published quizzes of single choices only (see playerScriptFor for the other builds).
startPlayer(publishedPageVisitor, null);
