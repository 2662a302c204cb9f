import { deleteHtmlFormEndpoint, type HtmlForm, listHtmlFormsEndpoint } from '@quizbeam/contracts/htmlForms';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { EmptyState } from '../../ui/EmptyState';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { PageHeader } from '../../ui/PageHeader';
import { filterByName } from '../quizzes/filterByName';
import { useMe } from '../session/useMe';
import { HtmlFormCard } from './HtmlFormCard';
import { HtmlFormEditorModal } from './HtmlFormEditorModal';
import { deleteHtmlFormText, HTML_FORM_DELETED_TEXT } from './htmlFormTexts';
import './HtmlFormsPage.css';

/** The editor is open on a new form (null) or on one of the list's. */
type Editing = { form: HtmlForm | null } | null;

export function HtmlFormsPage() {
  const account = useMe().account.id;
  const list = useEndpointQuery(listHtmlFormsEndpoint, { params: { account } });
  // Null until the first answer, empty when the forms cannot be loaded (the default error is shown then).
  const forms = list.data ?? (list.isError ? [] : null);
  const queryClient = useQueryClient();
  // Settles once the list is loaded again, so "Delete complete." comes with the form gone.
  const deletion = useEndpointMutation(deleteHtmlFormEndpoint, {
    onSuccess: () =>
      queryClient.invalidateQueries({
        queryKey: endpointKey(listHtmlFormsEndpoint, { params: { account } }),
      }),
  });
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [formToDelete, setFormToDelete] = useState<HtmlForm | null>(null);

  async function confirmDelete(form: HtmlForm) {
    setFormToDelete(null);
    try {
      await deletion.mutateAsync({ params: { account, id: form.id } });
    } catch (error) {
      // A quiz still sends its leads to the form: the server's text names the quizzes.
      if (isApiError(error, 409) && error.code === 'in_use') showError(error.message);
      else showDefaultError(error);
      return;
    }
    showSuccess(HTML_FORM_DELETED_TEXT);
  }

  const shown = forms ? filterByName(forms, search) : [];

  return (
    <>
      <PageHeader title="HTML Forms">
        <button type="button" className="button" onClick={() => setEditing({ form: null })}>
          New Form
        </button>
      </PageHeader>
      <input
        className="input html-forms__search"
        type="search"
        placeholder="Search"
        aria-label="Search forms"
        value={search}
        onChange={(event) => setSearch(event.target.value)}
      />
      {forms !== null &&
        (shown.length === 0 ? (
          <EmptyState />
        ) : (
          <ul className="html-forms__list" aria-label="HTML forms">
            {shown.map((form) => (
              <HtmlFormCard
                key={form.id}
                form={form}
                onEdit={(chosen) => setEditing({ form: chosen })}
                onDelete={setFormToDelete}
              />
            ))}
          </ul>
        ))}
      {editing && (
        <HtmlFormEditorModal account={account} form={editing.form} onClose={() => setEditing(null)} />
      )}
      {formToDelete && (
        <ConfirmationModal
          destructive
          confirmLabel="Delete"
          onConfirm={() => confirmDelete(formToDelete)}
          onCancel={() => setFormToDelete(null)}
        >
          <p>{deleteHtmlFormText(formToDelete.name)}</p>
        </ConfirmationModal>
      )}
    </>
  );
}
