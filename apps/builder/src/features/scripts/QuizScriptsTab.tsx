import { PageHeader } from '../../ui/PageHeader';
import { useQuizSelector } from '../editor/store/quizStoreHooks';
import { ScriptCards } from './ScriptCards';
import { QUIZ_SCRIPTS_NOTE } from './scriptTexts';

/** The quiz editor's Scripts tab; scripts are saved on their own, not with the quiz. */
export function QuizScriptsTab() {
  const quizId = useQuizSelector((quiz) => quiz.id);
  return (
    <>
      <PageHeader title="Scripts" />
      <div className="scripts-notes">
        <p>{QUIZ_SCRIPTS_NOTE}</p>
      </div>
      <ScriptCards owner={{ quizId }} />
    </>
  );
}
