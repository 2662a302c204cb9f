import {
  type DeliveryState,
  deliveryStates,
  type Lead,
  leadsCsvEndpoint,
  listLeadsEndpoint,
} from '@quizbeam/contracts/leads';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { call, urlOf } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { PageHeader } from '../../ui/PageHeader';
import { useQuizSelector } from '../editor/store/quizStoreHooks';
import { useMe } from '../session/useMe';
import { EraseVisitorModal } from './EraseVisitorModal';
import { LeadAttemptsModal } from './LeadAttemptsModal';
import { LeadsTable } from './LeadsTable';
import {
  DELETE_LEAD_TITLE,
  DELIVERY_STATE_LABELS,
  deleteLeadText,
  NO_FILTERED_LEADS_TEXT,
  NO_LEADS_TEXT,
} from './leadTexts';
import { RetentionCard } from './RetentionCard';
import { type QuizLeadsParams, useLeadMutations } from './useLeadMutations';
import './LeadsTab.css';

const ALL_STATES = 'all';

/**
 * The quiz editor's Leads tab: the quiz's leads newest first, each with where it was sent and how that
 * went; a lead opens its attempts. Open to every account, limited ones included.
 */
const PENDING_REFRESH_MS = 3_000;
const RETRYING_REFRESH_MS = 30_000;

/** Soon while a delivery waits for its first attempt, now and then while one waits for a retry, else never. */
export function refreshIntervalFor(leads: readonly Lead[]): number | false {
  const states = new Set(leads.flatMap((lead) => lead.deliveries.map((delivery) => delivery.state)));
  if (states.has('pending')) return PENDING_REFRESH_MS;
  if (states.has('retrying')) return RETRYING_REFRESH_MS;
  return false;
}

export function LeadsTab() {
  const accountId = useMe().account.id;
  const quizId = useQuizSelector((quiz) => quiz.id);
  const showScore = useQuizSelector((quiz) => quiz.type === 'scored');
  const quizParams = useMemo<QuizLeadsParams>(
    () => ({ account: accountId, id: quizId }),
    [accountId, quizId],
  );
  const [state, setState] = useState<DeliveryState | null>(null);
  const [openLead, setOpenLead] = useState<Lead | null>(null);
  const [leadToDelete, setLeadToDelete] = useState<Lead | null>(null);
  const [isErasing, setIsErasing] = useState(false);
  const { resendOne, resendAll, remove } = useLeadMutations(quizParams);

  const filter = state ? { state } : {};
  // Pages of one list, each asked from the cursor the one before it answered.
  const pages = useInfiniteQuery({
    queryKey: endpointKey(listLeadsEndpoint, { params: quizParams, query: filter }),
    queryFn: ({ pageParam }) =>
      call(listLeadsEndpoint, {
        params: quizParams,
        query: { ...filter, ...(pageParam ? { cursor: pageParam } : {}) },
      }),
    initialPageParam: null as string | null,
    getNextPageParam: (page) => page.nextCursor,
    // A delivery in flight changes state on its own: the list follows it while the tab is open.
    refetchInterval: (query) =>
      refreshIntervalFor(query.state.data?.pages.flatMap((page) => page.leads) ?? []),
  });
  const leads = pages.data?.pages.flatMap((page) => page.leads) ?? [];

  function confirmDelete() {
    if (!leadToDelete) return;
    remove(leadToDelete.id);
    setLeadToDelete(null);
  }

  return (
    <>
      <PageHeader title="Leads">
        <button type="button" className="button button--secondary" onClick={() => setIsErasing(true)}>
          Erase a Person
        </button>
        <button
          type="button"
          className="button button--secondary"
          disabled={resendAll.isPending}
          onClick={() => resendAll.mutate({ params: quizParams })}
        >
          Resend all failed
        </button>
        {/* A navigation, not a call: the server streams the file and the browser saves it. */}
        <a className="button" href={urlOf(leadsCsvEndpoint, { params: quizParams })}>
          Download CSV
        </a>
      </PageHeader>
      <section className="card leads-tab">
        <div className="field leads-tab__filter">
          <label className="field__label" htmlFor="leads-state-filter">
            Delivery state
          </label>
          <select
            id="leads-state-filter"
            className="input"
            value={state ?? ALL_STATES}
            onChange={(event) =>
              setState(event.target.value === ALL_STATES ? null : (event.target.value as DeliveryState))
            }
          >
            <option value={ALL_STATES}>All leads</option>
            {deliveryStates.map((option) => (
              <option key={option} value={option}>
                {DELIVERY_STATE_LABELS[option]}
              </option>
            ))}
          </select>
        </div>
        {pages.isSuccess && leads.length === 0 ? (
          <p className="leads-tab__empty">{state ? NO_FILTERED_LEADS_TEXT : NO_LEADS_TEXT}</p>
        ) : (
          <LeadsTable
            leads={leads}
            showScore={showScore}
            onOpen={setOpenLead}
            onDelete={setLeadToDelete}
            onResend={(delivery) => resendOne(delivery.id)}
          />
        )}
        {pages.hasNextPage && (
          <button
            type="button"
            className="button button--secondary leads-tab__more"
            disabled={pages.isFetchingNextPage}
            onClick={() => pages.fetchNextPage()}
          >
            Load more
          </button>
        )}
      </section>
      <RetentionCard />
      {openLead && (
        <LeadAttemptsModal
          quizParams={quizParams}
          lead={openLead}
          onResend={(delivery) => resendOne(delivery.id)}
          onClose={() => setOpenLead(null)}
        />
      )}
      {isErasing && <EraseVisitorModal accountId={accountId} onClose={() => setIsErasing(false)} />}
      {leadToDelete && (
        <ConfirmationModal
          title={DELETE_LEAD_TITLE}
          destructive
          confirmLabel="Delete"
          onConfirm={confirmDelete}
          onCancel={() => setLeadToDelete(null)}
        >
          <p>{deleteLeadText(leadToDelete.email)}</p>
        </ConfirmationModal>
      )}
    </>
  );
}
