import { meEndpoint } from '@quizbeam/contracts/auth';
import { listLeadsChallengeEndpoint } from '@quizbeam/contracts/leadsChallenge';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { accountHolder, answerWith, type FakeRoute, on, routeFetch } from '../../test/fakeServer';
import { planItem, swipeFileItem } from '../../test/leadsChallengeItems';
import { renderApp } from '../../test/renderApp';
import { EMPTY_STATE_TEXT } from '../../ui/EmptyState';
import { DEFAULT_ERROR_TEXT } from '../../ui/notifications/DefaultErrorMessage';

async function openLeadsChallenge(routes: FakeRoute[]) {
  routeFetch([on(meEndpoint, accountHolder()), ...routes]);
  renderApp('/leads-challenge');
  expect(await screen.findByRole('heading', { name: 'Leads Challenge' })).toBeTruthy();
}

describe('Leads Challenge', () => {
  it('lists each download with its description, file name, en-US size and a Download link', async () => {
    await openLeadsChallenge([on(listLeadsChallengeEndpoint, [planItem, swipeFileItem])]);
    const list = await screen.findByRole('list', { name: 'Downloads' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);

    const [plan, swipeFile] = items as [HTMLElement, HTMLElement];
    expect(within(plan).getByRole('heading', { name: planItem.title })).toBeTruthy();
    expect(plan.textContent).toContain(planItem.description);
    expect(plan.textContent).toContain('lead-magnet-plan.pdf · 1.2 MB');
    const download = within(plan).getByRole('link', { name: 'Download' });
    expect(download.getAttribute('href')).toBe(`/api/leads-challenge/${planItem.id}/download`);
    expect(download.getAttribute('download')).toBe('lead-magnet-plan.pdf');
    expect(download.getAttribute('aria-describedby')).toBeTruthy();

    expect(swipeFile.textContent).toContain('swipe-file.zip · 512 bytes');
    expect(within(swipeFile).getByRole('link', { name: 'Download' }).getAttribute('href')).toBe(
      `/api/leads-challenge/${swipeFileItem.id}/download`,
    );
  });

  it('shows the empty-state card when there is nothing to download', async () => {
    await openLeadsChallenge([on(listLeadsChallengeEndpoint, [])]);
    expect(await screen.findByText(EMPTY_STATE_TEXT)).toBeTruthy();
    expect(screen.queryByRole('list', { name: 'Downloads' })).toBeNull();
  });

  it('shows the default error when the list cannot be loaded', async () => {
    await openLeadsChallenge([
      on(listLeadsChallengeEndpoint, answerWith(500, { error: 'Boom', code: 'internal' })),
    ]);
    expect((await screen.findByRole('alert')).textContent).toContain(DEFAULT_ERROR_TEXT);
    expect(screen.queryByText(EMPTY_STATE_TEXT)).toBeNull();
  });

  it('is the Not-found page for a limited account', async () => {
    routeFetch([on(meEndpoint, accountHolder({ isLimited: true }))]);
    renderApp('/leads-challenge');
    expect(await screen.findByRole('heading', { name: 'Oops! That page could not be found.' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Leads Challenge' })).toBeNull();
  });
});
