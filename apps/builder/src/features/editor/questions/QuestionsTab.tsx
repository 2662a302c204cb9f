import { duplicateQuestion } from '@quizbeam/quiz-engine/duplicateItems';
import { addQuestion, moveQuestion, removeQuestion } from '@quizbeam/quiz-engine/questions';
import { ItemListEditor } from '../ItemListEditor';
import { QuestionProperties } from './QuestionProperties';

const questionTitle = (rank: number) => `Question ${rank}`;

export function QuestionsTab() {
  return (
    <ItemListEditor
      title="Questions"
      addLabel="Add Question"
      warningsFor="question"
      items={(quiz) => quiz.questions}
      itemTitle={(question) => questionTitle(question.rank)}
      itemSubtitle={(question) => question.text.trim() || 'Untitled question'}
      add={(quiz) => {
        const added = addQuestion(quiz);
        return { quiz: added.quiz, id: added.questionId };
      }}
      move={moveQuestion}
      duplicate={duplicateQuestion}
      remove={removeQuestion}
      removalText={(question) =>
        `${questionTitle(question.rank)} and its answers will be removed. Rules that lead to it go back to their default.`
      }
      renderEditor={(id) => <QuestionProperties key={id} questionId={id} />}
    />
  );
}
