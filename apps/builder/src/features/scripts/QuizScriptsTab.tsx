import { useMemo } from 'react';
import { PageHeader } from '../../ui/PageHeader';
import { useQuizSelector } from '../editor/store/quizStoreHooks';
import { ScriptCards } from './ScriptCards';
import { quizScriptsApi } from './scriptsApi';
import { QUIZ_SCRIPTS_NOTE } from './scriptTexts';

/** The quiz editor's Scripts tab; scripts are saved on their own, not with the quiz. */
export function QuizScriptsTab() {
  const quizId = useQuizSelector((quiz) => quiz.id);
  const scriptsApi = useMemo(() => quizScriptsApi(quizId), [quizId]);
  return (
    <>
      <PageHeader title="Scripts" />
      <div className="scripts-notes">
        <p>{QUIZ_SCRIPTS_NOTE}</p>
      </div>
      <ScriptCards scriptsApi={scriptsApi} />
    </>
  );
}
