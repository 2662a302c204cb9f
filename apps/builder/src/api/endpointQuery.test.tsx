import {
  leadAttemptsEndpoint,
  listDeliveryAlertsEndpoint,
  listLeadsEndpoint,
} from '@quizbeam/contracts/leads';
import {
  getTemplateEndpoint,
  listTemplatesEndpoint,
  templateCategoriesEndpoint,
  templatesForNewQuizEndpoint,
} from '@quizbeam/contracts/templates';
import { createWebhookEndpoint, listWebhooksEndpoint, type Webhook } from '@quizbeam/contracts/webhooks';
import { QueryClientProvider, skipToken, useQueryClient } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { ReactNode } from 'react';
import { describe, expect, it } from 'vitest';
import { answerWith, on, receivedCalls, routeFetch } from '../test/fakeServer';
import { getActiveRequestCount } from './activeRequests';
import { endpointKey, endpointsUnderKey } from './endpointKey';
import { endpointQueryOptions, useEndpointMutation, useEndpointQuery } from './endpointQuery';
import { createQueryClient } from './queryClient';

const webhook = (id: string, name: string): Webhook => ({
  id,
  name,
  url: `https://hooks.example.com/${id}`,
  createdAt: '2026-03-01T10:00:00.000Z',
});

function renderWithCache<Result>(hook: () => Result) {
  const queryClient = createQueryClient({ retry: false });
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
  );
  return { queryClient, ...renderHook(hook, { wrapper }) };
}

/** Fills the cache with one answer per key, as if each had been loaded, and reports which were invalidated. */
function cacheHolding(keys: Record<string, readonly unknown[]>) {
  const queryClient = createQueryClient({ retry: false });
  for (const key of Object.values(keys)) queryClient.setQueryData(key, { loaded: true });
  const invalidated = () =>
    Object.entries(keys).flatMap(([name, key]) =>
      queryClient.getQueryState(key)?.isInvalidated ? [name] : [],
    );
  return { queryClient, invalidated };
}

describe('endpointKey', () => {
  it("is the declaration's path segment by segment, then its method and the input given", () => {
    expect(endpointKey(listWebhooksEndpoint, { params: { account: 'account-1' } })).toEqual([
      'accounts',
      ':account',
      'webhooks',
      { method: 'GET', params: { account: 'account-1' } },
    ]);
    expect(
      endpointKey(listLeadsEndpoint, { params: { account: 'a', id: 'q' }, query: { state: 'failed' } }),
    ).toEqual([
      'accounts',
      ':account',
      'quizzes',
      ':id',
      'leads',
      { method: 'GET', params: { account: 'a', id: 'q' }, query: { state: 'failed' } },
    ]);
    expect(endpointKey(templateCategoriesEndpoint)).toEqual([
      'api',
      'template-categories',
      { method: 'GET' },
    ]);
  });

  it('keeps declarations sharing a path apart by their method', () => {
    expect(endpointKey(createWebhookEndpoint, { params: { account: 'a' } })).not.toEqual(
      endpointKey(listWebhooksEndpoint, { params: { account: 'a' } }),
    );
  });

  it("is the key useEndpointQuery loads under, so setQueryData and getQueryData reach the query's entry", async () => {
    routeFetch([on(listWebhooksEndpoint, [webhook('w1', 'CRM')], { account: 'account-1' })]);
    const { result, queryClient } = renderWithCache(() =>
      useEndpointQuery(listWebhooksEndpoint, { params: { account: 'account-1' } }),
    );
    await waitFor(() => expect(result.current.data).toEqual([webhook('w1', 'CRM')]));
    const key = endpointKey(listWebhooksEndpoint, { params: { account: 'account-1' } });
    expect(queryClient.getQueryData(key)).toEqual([webhook('w1', 'CRM')]);

    act(() => queryClient.setQueryData(key, [webhook('w2', 'Slack')]));
    await waitFor(() => expect(result.current.data).toEqual([webhook('w2', 'Slack')]));
  });
});

describe('invalidating by endpointKey', () => {
  const alerts = { params: { account: 'a1' } };
  const keys = {
    leadsOfQuiz1: endpointKey(listLeadsEndpoint, { params: { account: 'a1', id: 'quiz-1' } }),
    failedLeadsOfQuiz1: endpointKey(listLeadsEndpoint, {
      params: { account: 'a1', id: 'quiz-1' },
      query: { state: 'failed' },
    }),
    leadsOfQuiz2: endpointKey(listLeadsEndpoint, { params: { account: 'a1', id: 'quiz-2' } }),
    attemptsInQuiz1: endpointKey(leadAttemptsEndpoint, {
      params: { account: 'a1', id: 'quiz-1', leadId: 'l1' },
    }),
    alerts: endpointKey(listDeliveryAlertsEndpoint, alerts),
    webhooksOfA1: endpointKey(listWebhooksEndpoint, { params: { account: 'a1' } }),
    webhooksOfA2: endpointKey(listWebhooksEndpoint, { params: { account: 'a2' } }),
  };

  it('reaches every query of one declaration, and no longer path', async () => {
    const { queryClient, invalidated } = cacheHolding(keys);
    await queryClient.invalidateQueries({ queryKey: endpointKey(listLeadsEndpoint) });
    expect(invalidated()).toEqual(['leadsOfQuiz1', 'failedLeadsOfQuiz1', 'leadsOfQuiz2']);
  });

  it('reaches the queries of one declaration with the values given, whatever else they hold', async () => {
    const { queryClient, invalidated } = cacheHolding(keys);
    await queryClient.invalidateQueries({
      queryKey: endpointKey(listLeadsEndpoint, { params: { account: 'a1', id: 'quiz-1' } }),
    });
    expect(invalidated()).toEqual(['leadsOfQuiz1', 'failedLeadsOfQuiz1']);

    await queryClient.invalidateQueries({
      queryKey: endpointKey(listWebhooksEndpoint, { params: { account: 'a2' } }),
    });
    expect(invalidated()).toEqual(['leadsOfQuiz1', 'failedLeadsOfQuiz1', 'webhooksOfA2']);
  });

  it('reaches every endpoint under a path with endpointsUnderKey, and nothing beside it', async () => {
    const { queryClient, invalidated } = cacheHolding({
      list: endpointKey(listTemplatesEndpoint),
      forNewQuiz: endpointKey(templatesForNewQuizEndpoint),
      oneTemplate: endpointKey(getTemplateEndpoint, { params: { id: 't1' } }),
      categories: endpointKey(templateCategoriesEndpoint),
    });
    await queryClient.invalidateQueries({ queryKey: endpointsUnderKey(listTemplatesEndpoint.path) });
    expect(invalidated()).toEqual(['list', 'forNewQuiz', 'oneTemplate']);
  });
});

describe('useEndpointQuery', () => {
  it('passes TanStack options through: select shapes the answer, skipToken waits without a call', async () => {
    const fetchMock = routeFetch([on(listWebhooksEndpoint, [webhook('w1', 'CRM'), webhook('w2', 'Slack')])]);
    const { result, rerender } = renderWithCache(() => ({
      names: useEndpointQuery(
        listWebhooksEndpoint,
        { params: { account: 'a1' } },
        { select: (webhooks) => webhooks.map(({ name }) => name) },
      ),
      waiting: useEndpointQuery(listWebhooksEndpoint, skipToken),
    }));
    await waitFor(() => expect(result.current.names.data).toEqual(['CRM', 'Slack']));
    rerender();
    expect(result.current.waiting.isPending).toBe(true);
    expect(receivedCalls(fetchMock)).toEqual([{ route: 'GET /accounts/a1/webhooks', body: undefined }]);
  });

  it('loads in the background when asked: the loading overlay stays off', async () => {
    let answer: (value: Response) => void = () => undefined;
    const pending = new Promise<Response>((resolve) => {
      answer = resolve;
    });
    routeFetch([]).mockImplementationOnce(() => pending);
    const { result } = renderWithCache(() =>
      useEndpointQuery(listDeliveryAlertsEndpoint, { params: { account: 'a1' } }, { background: true }),
    );
    await waitFor(() => expect(result.current.isFetching).toBe(true));
    expect(getActiveRequestCount()).toBe(0);
    answer(new Response('[]', { status: 200, headers: { 'Content-Type': 'application/json' } }));
    await waitFor(() => expect(result.current.data).toEqual([]));
  });

  it('gives useQueries and fetchQuery the same key and load', async () => {
    routeFetch([on(listWebhooksEndpoint, [webhook('w1', 'CRM')])]);
    const { queryClient } = renderWithCache(() => null);
    const options = endpointQueryOptions(listWebhooksEndpoint, { params: { account: 'a1' } });
    await expect(queryClient.fetchQuery(options)).resolves.toEqual([webhook('w1', 'CRM')]);
    expect(options.queryKey).toEqual(endpointKey(listWebhooksEndpoint, { params: { account: 'a1' } }));
  });
});

describe('useEndpointMutation', () => {
  it("sends the call's params and body, then reloads what onSuccess invalidates", async () => {
    let stored = [webhook('w1', 'CRM')];
    const fetchMock = routeFetch([
      on(listWebhooksEndpoint, () => ({ status: 200, body: stored })),
      on(createWebhookEndpoint, ({ body }) => {
        stored = [...stored, { ...webhook('w2', ''), ...(body as { name: string; url: string }) }];
        return { status: 201, body: { webhook: stored[1], secret: 'whsec_1' } };
      }),
    ]);
    const { result } = renderWithCache(() => {
      const queryClient = useQueryClient();
      return {
        list: useEndpointQuery(listWebhooksEndpoint, { params: { account: 'a1' } }),
        adding: useEndpointMutation(createWebhookEndpoint, {
          onSuccess: () =>
            queryClient.invalidateQueries({
              queryKey: endpointKey(listWebhooksEndpoint, { params: { account: 'a1' } }),
            }),
        }),
      };
    });
    await waitFor(() => expect(result.current.list.data).toHaveLength(1));

    const body = { name: 'Slack', url: 'https://hooks.example.com/slack' };
    await act(() => result.current.adding.mutateAsync({ params: { account: 'a1' }, body }));
    await waitFor(() => expect(result.current.list.data?.map(({ name }) => name)).toEqual(['CRM', 'Slack']));
    expect(receivedCalls(fetchMock).map(({ route }) => route)).toEqual([
      'GET /accounts/a1/webhooks',
      'POST /accounts/a1/webhooks',
      'GET /accounts/a1/webhooks',
    ]);
    expect(receivedCalls(fetchMock)[1]?.body).toEqual(body);
  });

  it("fails with the server's ApiError", async () => {
    routeFetch([
      on(createWebhookEndpoint, answerWith(400, { error: 'Bad URL.', code: 'validation_failed' })),
    ]);
    const { result } = renderWithCache(() => useEndpointMutation(createWebhookEndpoint));
    await expect(
      act(() => result.current.mutateAsync({ params: { account: 'a1' }, body: { name: 'X', url: 'nope' } })),
    ).rejects.toMatchObject({ name: 'ApiError', status: 400, message: 'Bad URL.' });
  });
});
