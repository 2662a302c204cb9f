import { startPane } from './pane/startPane';

// The quiz editor's live preview pane: screens drawn from the quiz the editor sends (see pane/).
startPane();
