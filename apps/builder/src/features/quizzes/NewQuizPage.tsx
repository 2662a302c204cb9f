import type { QuizType } from '@quizbeam/contracts/quiz';
import { QUIZ_NAME_MAX_LENGTH, QUIZ_NAME_REQUIRED_TEXT } from '@quizbeam/contracts/quiz';
import { createQuizEndpoint, listQuizzesEndpoint } from '@quizbeam/contracts/quizEndpoints';
import type { TemplateForNewQuiz } from '@quizbeam/contracts/templates';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { Dropdown } from '../../ui/dropdown/Dropdown';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { TextInputField } from '../../ui/TextInputField';
import { ALL_CATEGORIES, filterTemplates } from './filterTemplates';
import { QuizTypeChoice } from './QuizTypeChoice';
import { TemplatePreviewModal } from './TemplatePreviewModal';
import {
  EMPTY_TEMPLATE_LIBRARY_TEXT,
  NO_TEMPLATES_TEXT,
  selectDisabledReason,
  TemplateTable,
} from './TemplateTable';
import { useNewQuizTemplates } from './useNewQuizTemplates';
import './NewQuizPage.css';

export function NewQuizPage() {
  const navigate = useNavigate();
  const { templates, templatesLoaded, categories } = useNewQuizTemplates();
  const queryClient = useQueryClient();
  const creation = useEndpointMutation(createQuizEndpoint, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listQuizzesEndpoint) }),
  });
  const [name, setName] = useState('');
  const [type, setType] = useState<QuizType>('general');
  const [search, setSearch] = useState('');
  const [category, setCategory] = useState(ALL_CATEGORIES);
  const [previewed, setPreviewed] = useState<TemplateForNewQuiz | null>(null);
  const disabledReason = name.trim() ? null : QUIZ_NAME_REQUIRED_TEXT;

  /** From scratch with the chosen type, or as a copy of a template (of the template's type). */
  async function create(template: TemplateForNewQuiz | null) {
    if (disabledReason || template?.locked || creation.isPending) return;
    try {
      const { quizId } = await creation.mutateAsync({
        body: { name: name.trim(), template: template?.id ?? null, type: template?.type ?? type },
      });
      navigate(`/quizzes/${encodeURIComponent(quizId)}`);
    } catch (error) {
      if (isApiError(error, 400)) showError(error.message);
      else showDefaultError(error);
    }
  }

  const shownTemplates = filterTemplates(templates, { search, category, type });
  const emptyText = !templatesLoaded
    ? null
    : templates.length === 0
      ? EMPTY_TEMPLATE_LIBRARY_TEXT
      : NO_TEMPLATES_TEXT;

  const categoryOptions = [
    { value: ALL_CATEGORIES, label: 'All Categories' },
    ...categories.map((item) => ({ value: item.id, label: item.name })),
  ];

  return (
    <>
      <PageHeader title="New Quiz" showBackArrow />
      <section className="card new-quiz">
        <TextInputField
          label="Quiz Name"
          value={name}
          onChange={setName}
          required
          maxLength={QUIZ_NAME_MAX_LENGTH}
        />
        <QuizTypeChoice value={type} onChange={setType} />
        <div className="new-quiz__templates">
          <div className="new-quiz__template-bar">
            <h2 className="new-quiz__heading">Start From a Template</h2>
            <ButtonWithReason className="button" disabledReason={disabledReason} onClick={() => create(null)}>
              Create From Scratch
            </ButtonWithReason>
          </div>
          <div className="new-quiz__filters">
            <input
              className="input new-quiz__search"
              type="search"
              placeholder="Search"
              aria-label="Search templates"
              value={search}
              onChange={(event) => setSearch(event.target.value)}
            />
            <div className="new-quiz__category">
              <Dropdown label="Category" options={categoryOptions} value={category} onChange={setCategory} />
            </div>
          </div>
          <TemplateTable
            templates={shownTemplates}
            emptyText={emptyText}
            disabledReason={disabledReason}
            onPreview={setPreviewed}
            onSelect={create}
          />
        </div>
      </section>
      {previewed && (
        <TemplatePreviewModal
          template={previewed}
          selectDisabledReason={selectDisabledReason(previewed, disabledReason)}
          onSelect={() => create(previewed)}
          onClose={() => setPreviewed(null)}
        />
      )}
    </>
  );
}
