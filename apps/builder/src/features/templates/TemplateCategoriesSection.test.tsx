import { meEndpoint } from '@quizbeam/contracts/auth';
import {
  categoryInUseMessage,
  createTemplateCategoryEndpoint,
  deleteTemplateCategoryEndpoint,
  duplicateCategoryMessage,
  listTemplatesEndpoint,
  renameTemplateCategoryEndpoint,
  type TemplateCategory,
  templateCategoriesEndpoint,
} from '@quizbeam/contracts/templates';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, on, receivedCalls, routeFetch } from '../../test/fakeServer';
import { renderApp } from '../../test/renderApp';
import { templateSummary } from '../../test/templates';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';
import {
  CATEGORY_ADDED_TEXT,
  CATEGORY_REMOVED_TEXT,
  CATEGORY_RENAMED_TEXT,
  NO_CATEGORIES_TEXT,
} from './templateTexts';

/** A small category server: names are unique (case-insensitive), and a category a template uses stays. */
function serveCategories(initial: TemplateCategory[], usedBy: Record<string, number> = {}) {
  let categories = [...initial];
  let nextId = 10;
  const taken = (name: string, exceptId?: string) =>
    categories.some(
      (category) => category.id !== exceptId && category.name.toLowerCase() === name.toLowerCase(),
    );
  const sorted = () => [...categories].sort((first, second) => first.name.localeCompare(second.name));
  return routeFetch([
    on(meEndpoint, accountHolder({}, true)),
    on(listTemplatesEndpoint, [
      templateSummary({ id: 't1', categoryId: 'c1' }),
      templateSummary({ id: 't2', categoryId: 'c1' }),
    ]),
    on(templateCategoriesEndpoint, () => ({ status: 200, body: sorted() })),
    on(createTemplateCategoryEndpoint, ({ body }) => {
      const { name } = body as { name: string };
      if (taken(name)) return answerWith(409, { error: duplicateCategoryMessage(name), code: 'duplicate' });
      nextId += 1;
      const category = { id: `c${nextId}`, name };
      categories.push(category);
      return { status: 201, body: category };
    }),
    on(renameTemplateCategoryEndpoint, ({ params, body }) => {
      const { name } = body as { name: string };
      if (taken(name, params.id))
        return answerWith(409, { error: duplicateCategoryMessage(name), code: 'duplicate' });
      categories = categories.map((category) =>
        category.id === params.id ? { ...category, name } : category,
      );
      return { status: 200, body: { id: params.id, name } };
    }),
    on(deleteTemplateCategoryEndpoint, ({ params }) => {
      const count = usedBy[params.id ?? ''] ?? 0;
      if (count > 0) return answerWith(409, { error: categoryInUseMessage(count), code: 'in_use' });
      categories = categories.filter((category) => category.id !== params.id);
      return { status: 200, body: { ok: true } };
    }),
  ]);
}

const categoryNames = () =>
  within(screen.getByRole('list', { name: 'Categories' }))
    .getAllByRole('listitem')
    .map((item) => item.querySelector('.template-categories__name')?.textContent);

describe('template categories', () => {
  it('adds a category, and shows the server’s message for a name already in use', async () => {
    const fetchMock = serveCategories([{ id: 'c1', name: 'Pets' }]);
    renderApp('/templates');
    const input = (await screen.findByLabelText('New Category')) as HTMLInputElement;
    const add = screen.getByRole('button', { name: 'Add Category' }) as HTMLButtonElement;
    expect(add.disabled).toBe(true);
    expect(add.title).toBe('Please enter a category name.');

    fireEvent.change(input, { target: { value: '  Beauty ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    expect((await screen.findByRole('status')).textContent).toBe(CATEGORY_ADDED_TEXT);
    await waitFor(() => expect(categoryNames()).toEqual(['Beauty', 'Pets']));
    expect(input.value).toBe('');
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'POST /api/template-categories',
      body: { name: 'Beauty' },
    });

    fireEvent.change(input, { target: { value: 'pets' } });
    fireEvent.submit(input.closest('form') as HTMLFormElement);
    expect((await screen.findByRole('alert')).textContent).toBe(duplicateCategoryMessage('pets'));
    expect(input.value).toBe('pets');
  });

  it('says how many templates each category holds, and when there is none', async () => {
    serveCategories([
      { id: 'c1', name: 'Pets' },
      { id: 'c2', name: 'Beauty' },
    ]);
    renderApp('/templates');
    const list = await screen.findByRole('list', { name: 'Categories' });
    await waitFor(() => expect(within(list).getByText('Used by 2 templates')).toBeTruthy());
    expect(within(list).getByText('Not used')).toBeTruthy();
  });

  it('says so when there is no category yet', async () => {
    serveCategories([]);
    renderApp('/templates');
    expect(await screen.findByText(NO_CATEGORIES_TEXT)).toBeTruthy();
  });

  it('renames a category, keeping the dialog open when the name is taken', async () => {
    const fetchMock = serveCategories([
      { id: 'c1', name: 'Pets' },
      { id: 'c2', name: 'Beauty' },
    ]);
    renderApp('/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Rename Pets' }));
    const dialog = screen.getByRole('dialog', { name: 'Rename Category' });
    const field = within(dialog).getByLabelText('Category Name') as HTMLInputElement;
    expect(field.value).toBe('Pets');
    fireEvent.change(field, { target: { value: 'beauty' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('alert')).textContent).toBe(duplicateCategoryMessage('beauty'));
    expect(screen.getByRole('dialog', { name: 'Rename Category' })).toBeTruthy();

    fireEvent.change(field, { target: { value: 'Pets and Animals' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toBe(CATEGORY_RENAMED_TEXT);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(categoryNames()).toEqual(['Beauty', 'Pets and Animals']));
    expect(receivedCalls(fetchMock)).toContainEqual({
      route: 'PUT /api/template-categories/c1',
      body: { name: 'Pets and Animals' },
    });
  });

  it('removes a category after confirmation, and refuses one still in use with the server’s message', async () => {
    const fetchMock = serveCategories(
      [
        { id: 'c1', name: 'Pets' },
        { id: 'c2', name: 'Beauty' },
      ],
      { c1: 2 },
    );
    renderApp('/templates');
    fireEvent.click(await screen.findByRole('button', { name: 'Remove Beauty' }));
    const confirmation = screen.getByRole('dialog', { name: 'Are you sure?' });
    expect(within(confirmation).getByRole('button', { name: 'Remove' }).className).toContain(
      'button--danger',
    );
    fireEvent.click(within(confirmation).getByRole('button', { name: 'Cancel' }));
    expect(receivedCalls(fetchMock).some((call) => call.route.startsWith('DELETE'))).toBe(false);

    fireEvent.click(screen.getByRole('button', { name: 'Remove Beauty' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }),
    );
    expect((await screen.findByRole('status')).textContent).toBe(CATEGORY_REMOVED_TEXT);
    await waitFor(() => expect(categoryNames()).toEqual(['Pets']));

    fireEvent.click(screen.getByRole('button', { name: 'Remove Pets' }));
    fireEvent.click(
      within(screen.getByRole('dialog', { name: 'Are you sure?' })).getByRole('button', { name: 'Remove' }),
    );
    expect((await screen.findByRole('alert')).textContent).toBe(categoryInUseMessage(2));
    expect(categoryNames()).toEqual(['Pets']);
  });

  it('shows the default error when the server fails', async () => {
    routeFetch([
      on(meEndpoint, accountHolder({}, true)),
      on(listTemplatesEndpoint, []),
      on(templateCategoriesEndpoint, []),
      on(createTemplateCategoryEndpoint, answerWith(500, { error: 'Boom', code: 'internal' })),
    ]);
    renderApp('/templates');
    fireEvent.change(await screen.findByLabelText('New Category'), { target: { value: 'Pets' } });
    fireEvent.click(screen.getByRole('button', { name: 'Add Category' }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toContain(DEFAULT_ERROR_TEXT));
  });
});
