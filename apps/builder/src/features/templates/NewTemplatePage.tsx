import type { QuizType } from '@quizbeam/contracts/quiz';
import { QUIZ_NAME_MAX_LENGTH } from '@quizbeam/contracts/quiz';
import {
  createTemplateEndpoint,
  listTemplatesEndpoint,
  TEMPLATE_NAME_REQUIRED_TEXT,
} from '@quizbeam/contracts/templates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { endpointsUnderKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { TextInputField } from '../../ui/TextInputField';
import { QuizTypeChoice } from '../quizzes/QuizTypeChoice';
import { CategoryDropdown } from './CategoryDropdown';
import { useTemplateCategories } from './useTemplateCategories';
// The quiz type choice is styled with New Quiz's page.
import '../quizzes/NewQuizPage.css';
import './TemplatesPage.css';

/** /templates/new: a template starts as an empty quiz of its type; Create opens it in the template editor. */
export function NewTemplatePage() {
  const navigate = useNavigate();
  const categories = useTemplateCategories();
  const queryClient = useQueryClient();
  // The admins' list, New Quiz's table and its previews load again.
  const creation = useEndpointMutation(createTemplateEndpoint, {
    onSuccess: () =>
      queryClient.invalidateQueries({ queryKey: endpointsUnderKey(listTemplatesEndpoint.path) }),
  });
  const [name, setName] = useState('');
  const [type, setType] = useState<QuizType>('general');
  const [categoryId, setCategoryId] = useState<string | null>(null);
  const disabledReason = name.trim() ? null : TEMPLATE_NAME_REQUIRED_TEXT;

  async function create() {
    if (disabledReason || creation.isPending) return;
    try {
      const template = await creation.mutateAsync({
        body: { name: name.trim(), type, category: categoryId },
      });
      navigate(`/templates/${encodeURIComponent(template.id)}`);
    } catch (error) {
      // A 400 says what the server refused, such as a category removed meanwhile.
      if (isApiError(error, 400)) showError(error.message);
      else showDefaultError(error);
    }
  }

  return (
    <>
      <PageHeader title="New Template" showBackArrow />
      <section className="card new-template">
        <TextInputField
          label="Template Name"
          value={name}
          onChange={setName}
          required
          maxLength={QUIZ_NAME_MAX_LENGTH}
        />
        <QuizTypeChoice value={type} onChange={setType} />
        <div className="new-template__category">
          <CategoryDropdown
            label="Category"
            categories={categories}
            value={categoryId}
            onChange={setCategoryId}
          />
        </div>
        <div className="new-template__actions">
          <ButtonWithReason className="button" disabledReason={disabledReason} onClick={create}>
            Create
          </ButtonWithReason>
        </div>
      </section>
    </>
  );
}
