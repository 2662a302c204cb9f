import { API_REFERENCE_PATH } from '@quizbeam/contracts/apiReference';
import { describe, expect, inject, it } from 'vitest';
import { freshPagePerTest } from './support';

const appUrl = inject('appUrl');
const ui = freshPagePerTest();

describe('the API reference', () => {
  it('renders the OpenAPI document of every endpoint, with nothing its security policy blocks', async () => {
    await ui.page.goto(`${new URL(appUrl).origin}${API_REFERENCE_PATH}/`);
    await ui.page.getByRole('heading', { name: /Quizbeam API/ }).waitFor();
    expect(await ui.page.getByText('/api/quizzes/{id}').first().isVisible()).toBe(true);
    expect(await ui.page.getByText('/_q/leads').first().isVisible()).toBe(true);
  });
});
