import {
  deleteLeadsChallengeItemEndpoint,
  type LeadsChallengeItem,
  listLeadsChallengeEndpoint,
} from '@quizbeam/contracts/leadsChallenge';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { apiBaseUrl } from '../../api/apiClient';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { showServerError } from '../adminErrors';
import { formatDate } from '../adminFormat';
import { DOWNLOAD_REMOVED_TEXT, removeDownloadText } from '../adminTexts';
import { LeadsChallengeItemModal } from './LeadsChallengeItemModal';

export const NO_DOWNLOADS_TEXT =
  'There are no downloads yet: the Leads Challenge page shows the empty-state card until you add one.';

/** Which dialog is open: adding, changing one download, or asking before removing one. */
type Dialog =
  | { kind: 'add' }
  | { kind: 'edit'; item: LeadsChallengeItem }
  | { kind: 'remove'; item: LeadsChallengeItem };

const fileHref = (downloadUrl: string) =>
  downloadUrl.startsWith('/') ? `${apiBaseUrl()}${downloadUrl}` : downloadUrl;

/** The Leads Challenge page's downloads, in the order they were added, with add, edit and remove. */
export function LeadsChallengeAdminView() {
  const items = useEndpointQuery(listLeadsChallengeEndpoint, {});
  const queryClient = useQueryClient();
  const removing = useEndpointMutation(deleteLeadsChallengeItemEndpoint, {
    onSuccess: () => queryClient.invalidateQueries({ queryKey: endpointKey(listLeadsChallengeEndpoint) }),
  });
  const [dialog, setDialog] = useState<Dialog | null>(null);

  async function remove(item: LeadsChallengeItem) {
    setDialog(null);
    try {
      await removing.mutateAsync({ params: { id: item.id } });
    } catch (error) {
      showServerError(error);
      return;
    }
    showSuccess(DOWNLOAD_REMOVED_TEXT);
  }

  return (
    <>
      <div className="admin-heading">
        <h1 className="admin-heading__title">Leads Challenge</h1>
        <button type="button" className="button" onClick={() => setDialog({ kind: 'add' })}>
          Add Download
        </button>
      </div>
      {items.data &&
        (items.data.length === 0 ? (
          <p className="admin-empty">{NO_DOWNLOADS_TEXT}</p>
        ) : (
          <div className="card admin-table__frame">
            <table className="admin-table" aria-label="Downloads">
              <thead>
                <tr>
                  <th scope="col">Title</th>
                  <th scope="col">Description</th>
                  <th scope="col">File</th>
                  <th scope="col">Added</th>
                  <th scope="col">
                    <span className="visually-hidden">Actions</span>
                  </th>
                </tr>
              </thead>
              <tbody>
                {items.data.map((item) => (
                  <tr key={item.id}>
                    <td className="admin-table__name">{item.title}</td>
                    <td className="admin-table__summary">{item.description}</td>
                    <td>
                      <a href={fileHref(item.downloadUrl)} download={item.fileName}>
                        {item.fileName}
                      </a>
                    </td>
                    <td>{formatDate(item.createdAt)}</td>
                    <td className="admin-table__actions">
                      <button
                        type="button"
                        className="admin-link-button"
                        aria-label={`Edit ${item.title}`}
                        onClick={() => setDialog({ kind: 'edit', item })}
                      >
                        Edit
                      </button>
                      <button
                        type="button"
                        className="admin-link-button admin-link-button--danger"
                        aria-label={`Delete ${item.title}`}
                        onClick={() => setDialog({ kind: 'remove', item })}
                      >
                        Delete
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        ))}
      {(dialog?.kind === 'add' || dialog?.kind === 'edit') && (
        <LeadsChallengeItemModal
          item={dialog.kind === 'edit' ? dialog.item : null}
          onClose={() => setDialog(null)}
        />
      )}
      {dialog?.kind === 'remove' && (
        <ConfirmationModal
          destructive
          confirmLabel="Delete"
          onConfirm={() => remove(dialog.item)}
          onCancel={() => setDialog(null)}
        >
          <p>{removeDownloadText(dialog.item.title)}</p>
        </ConfirmationModal>
      )}
    </>
  );
}
