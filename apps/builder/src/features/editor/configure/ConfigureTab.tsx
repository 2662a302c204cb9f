import { ThemeSection } from '../../themes/ThemeSection';
import { EditorTabCard } from '../EditorTabCard';
import { PoweredByBadgeChoice } from './PoweredByBadgeChoice';
import { QuizNameField } from './QuizNameField';
import { QuizTypeDisplay } from './QuizTypeDisplay';

export function ConfigureTab() {
  return (
    <EditorTabCard title="Configure">
      <QuizNameField />
      <QuizTypeDisplay />
      <PoweredByBadgeChoice />
      <ThemeSection />
    </EditorTabCard>
  );
}
