import {
  createTemplateCategoryEndpoint,
  deleteTemplateCategoryEndpoint,
  renameTemplateCategoryEndpoint,
  type TemplateCategory,
  type TemplateSummary,
  templateCategoriesEndpoint,
} from '@quizbeam/contracts/templates';
import { useQueryClient } from '@tanstack/react-query';
import { type SyntheticEvent, useState } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation } from '../../api/endpointQuery';
import { ButtonWithReason } from '../../ui/ButtonWithReason';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { TextInputField } from '../../ui/TextInputField';
import { CategoryNameModal } from './CategoryNameModal';
import { categoryNameProblem, showCategoryError } from './categoryName';
import { TemplateCategoryList } from './TemplateCategoryList';
import {
  CATEGORIES_NOTE,
  CATEGORY_ADDED_TEXT,
  CATEGORY_REMOVED_TEXT,
  CATEGORY_RENAMED_TEXT,
  removeCategoryText,
} from './templateTexts';

interface TemplateCategoriesSectionProps {
  categories: TemplateCategory[];
  /** The template list, to say how many templates each category holds (unknown until loaded). */
  templates: TemplateSummary[] | undefined;
}

/** Where admins add, rename and remove template categories. */
export function TemplateCategoriesSection({ categories, templates }: TemplateCategoriesSectionProps) {
  const queryClient = useQueryClient();
  const reloadCategories = () =>
    queryClient.invalidateQueries({ queryKey: endpointKey(templateCategoriesEndpoint) });
  const adding = useEndpointMutation(createTemplateCategoryEndpoint, { onSuccess: reloadCategories });
  const renaming = useEndpointMutation(renameTemplateCategoryEndpoint, { onSuccess: reloadCategories });
  const removing = useEndpointMutation(deleteTemplateCategoryEndpoint, { onSuccess: reloadCategories });
  const [newName, setNewName] = useState('');
  const [categoryToRename, setCategoryToRename] = useState<TemplateCategory | null>(null);
  const [categoryToRemove, setCategoryToRemove] = useState<TemplateCategory | null>(null);
  const newNameProblem = categoryNameProblem(newName);

  async function add(event: SyntheticEvent) {
    event.preventDefault();
    if (newNameProblem || adding.isPending) return;
    try {
      await adding.mutateAsync({ body: { name: newName.trim() } });
    } catch (error) {
      showCategoryError(error);
      return;
    }
    setNewName('');
    showSuccess(CATEGORY_ADDED_TEXT);
  }

  async function rename(category: TemplateCategory, name: string): Promise<boolean> {
    try {
      await renaming.mutateAsync({ params: { id: category.id }, body: { name } });
    } catch (error) {
      showCategoryError(error);
      return false;
    }
    showSuccess(CATEGORY_RENAMED_TEXT);
    return true;
  }

  async function remove(category: TemplateCategory) {
    setCategoryToRemove(null);
    try {
      await removing.mutateAsync({ params: { id: category.id } });
    } catch (error) {
      showCategoryError(error);
      return;
    }
    showSuccess(CATEGORY_REMOVED_TEXT);
  }

  return (
    <section className="card template-categories" aria-labelledby="template-categories-title">
      <h2 id="template-categories-title" className="template-categories__title">
        Categories
      </h2>
      <p className="template-categories__note">{CATEGORIES_NOTE}</p>
      <form className="template-categories__add" onSubmit={add}>
        <TextInputField
          label="New Category"
          value={newName}
          onChange={setNewName}
          errorMessage={newName ? newNameProblem : null}
        />
        <ButtonWithReason className="button" disabledReason={newNameProblem} onClick={add}>
          Add Category
        </ButtonWithReason>
      </form>
      <TemplateCategoryList
        categories={categories}
        templates={templates}
        onRename={setCategoryToRename}
        onRemove={setCategoryToRemove}
      />
      {categoryToRename && (
        <CategoryNameModal
          title="Rename Category"
          initialName={categoryToRename.name}
          onSubmit={(name) => rename(categoryToRename, name)}
          onClose={() => setCategoryToRename(null)}
        />
      )}
      {categoryToRemove && (
        <ConfirmationModal
          destructive
          confirmLabel="Remove"
          onConfirm={() => remove(categoryToRemove)}
          onCancel={() => setCategoryToRemove(null)}
        >
          <p>{removeCategoryText(categoryToRemove.name)}</p>
        </ConfirmationModal>
      )}
    </section>
  );
}
