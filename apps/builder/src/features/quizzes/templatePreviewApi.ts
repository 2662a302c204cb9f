import { outcomeSchema, questionSchema } from '@quizbeam/contracts/quiz';
import { z } from 'zod';
import { api } from '../../api/apiClient';

/** Only what the preview lists; a template carries more, which is ignored here. */
const templatePreviewSchema = z.object({
  name: z.string(),
  questions: z.array(questionSchema),
  outcomes: z.array(outcomeSchema),
});
export type TemplatePreview = z.infer<typeof templatePreviewSchema>;

export const loadTemplatePreview = (templateId: string) =>
  api.get(`/api/templates/${encodeURIComponent(templateId)}`, templatePreviewSchema);
