import type { Lead, LeadDelivery } from '@quizbeam/contracts/leads';
import { Fragment, useState } from 'react';
import { DeliveryBadge } from './DeliveryBadge';
import { LeadAnswers } from './LeadAnswers';
import { leadTime, NO_DELIVERIES_TEXT, REMOVED_OUTCOME_TEXT, sendAgainAction } from './leadTexts';

const NONE = '—';
const score = new Intl.NumberFormat('en-US');

interface LeadsTableProps {
  leads: Lead[];
  /** Scored quizzes only: a general quiz's answers carry no points, so its leads have no score to show. */
  showScore: boolean;
  onOpen: (lead: Lead) => void;
  onDelete: (lead: Lead) => void;
  onResend: (delivery: LeadDelivery) => void;
}

function outcomeText(outcome: Lead['outcome']): string {
  if (!outcome) return NONE;
  return outcome.title ?? REMOVED_OUTCOME_TEXT;
}

function SendAgainButton({
  delivery,
  onResend,
}: {
  delivery: LeadDelivery;
  onResend: (d: LeadDelivery) => void;
}) {
  const action = sendAgainAction(delivery);
  if (!action) return null;
  return (
    <button
      type="button"
      className="leads-table__link-button"
      aria-label={action.accessibleName}
      onClick={() => onResend(delivery)}
    >
      {action.label}
    </button>
  );
}

export function LeadsTable({ leads, showScore, onOpen, onDelete, onResend }: LeadsTableProps) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const columns = showScore ? 8 : 7;
  const toggle = (leadId: string) =>
    setExpanded((open) => {
      const next = new Set(open);
      if (!next.delete(leadId)) next.add(leadId);
      return next;
    });
  return (
    <div className="leads-table__frame">
      <table className="leads-table" aria-label="Leads">
        <thead>
          <tr>
            <th scope="col">Email</th>
            <th scope="col">Name</th>
            <th scope="col">Outcome</th>
            {showScore && <th scope="col">Score</th>}
            <th scope="col">Time</th>
            <th scope="col">UTM Source</th>
            <th scope="col">Deliveries</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {leads.map((lead) => {
            const isOpen = expanded.has(lead.id);
            const answersId = `lead-answers-${lead.id}`;
            return (
              <Fragment key={lead.id}>
                <tr>
                  <td>
                    <button
                      type="button"
                      className="leads-table__open"
                      title="Show the delivery attempts"
                      onClick={() => onOpen(lead)}
                    >
                      {lead.email}
                    </button>
                  </td>
                  <td>{lead.name ?? NONE}</td>
                  <td>{outcomeText(lead.outcome)}</td>
                  {showScore && <td>{score.format(lead.score)}</td>}
                  <td>{leadTime(lead.createdAt)}</td>
                  <td>{lead.utmSource ?? NONE}</td>
                  <td>
                    {lead.deliveries.length === 0 ? (
                      <span className="leads-table__muted">{NO_DELIVERIES_TEXT}</span>
                    ) : (
                      <ul className="leads-table__deliveries">
                        {lead.deliveries.map((delivery) => (
                          <li key={delivery.id}>
                            <DeliveryBadge delivery={delivery} />
                            <SendAgainButton delivery={delivery} onResend={onResend} />
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>
                    <div className="leads-table__actions">
                      <button
                        type="button"
                        className="leads-table__link-button leads-table__link-button--nowrap"
                        aria-label={`Answers of ${lead.email}`}
                        aria-expanded={isOpen}
                        aria-controls={isOpen ? answersId : undefined}
                        onClick={() => toggle(lead.id)}
                      >
                        Answers
                      </button>
                      <button
                        type="button"
                        className="leads-table__link-button leads-table__link-button--danger"
                        aria-label={`Delete lead ${lead.email}`}
                        onClick={() => onDelete(lead)}
                      >
                        Delete
                      </button>
                    </div>
                  </td>
                </tr>
                {isOpen && (
                  <tr className="leads-table__details">
                    <td colSpan={columns}>
                      <LeadAnswers id={answersId} lead={lead} />
                    </td>
                  </tr>
                )}
              </Fragment>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
