import {
  type ConversionApi,
  type ConversionApiTestResult,
  createConversionApiEndpoint,
  deleteConversionApiEndpoint,
  listConversionApisEndpoint,
  testConversionApiEndpoint,
  updateConversionApiEndpoint,
} from '@quizbeam/contracts/conversionApis';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { isApiError } from '../../api/ApiError';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { ConfirmationModal } from '../../ui/modal/ConfirmationModal';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showError, showSuccess } from '../../ui/notifications/notificationStore';
import { type ConversionApiForm, ConversionApiFormModal } from './ConversionApiFormModal';
import { type ConversionApiAction, ConversionApiList } from './ConversionApiList';
import {
  CONVERSION_API_DELETED_TEXT,
  CONVERSION_API_SAVED_TEXT,
  CONVERSION_APIS_INTRO,
  CONVERSION_APIS_NOT_LOADED_TEXT,
  deleteConversionApiText,
} from './conversionApiTexts';
import './ConversionApisSection.css';

type Editing = { kind: 'add' } | { kind: 'edit'; conversionApi: ConversionApi };

/** A refusal the server explains (a bad ID, the limit, one in use, no test code) is shown as it says. */
function showFailure(error: unknown) {
  if (isApiError(error) && [400, 403, 409].includes(error.status)) showError(error.message);
  else showDefaultError(error);
}

/** The Integrations page's Conversion APIs section: list, add, edit, send a test event, delete. */
export function ConversionApisSection() {
  // A failed load says so in the section, beside the page's other lists, rather than in a notification.
  const list = useEndpointQuery(listConversionApisEndpoint, {}, { meta: { handlesError: () => true } });
  const queryClient = useQueryClient();
  // The capture form's choice shares the list's cache.
  const reloadList = () =>
    queryClient.invalidateQueries({ queryKey: endpointKey(listConversionApisEndpoint) });
  const adding = useEndpointMutation(createConversionApiEndpoint, { onSuccess: reloadList });
  const changing = useEndpointMutation(updateConversionApiEndpoint, { onSuccess: reloadList });
  const removing = useEndpointMutation(deleteConversionApiEndpoint, { onSuccess: reloadList });
  const testing = useEndpointMutation(testConversionApiEndpoint);

  const [editing, setEditing] = useState<Editing | null>(null);
  const [deleting, setDeleting] = useState<ConversionApi | null>(null);
  const [testingId, setTestingId] = useState<string | null>(null);
  const [results, setResults] = useState<ReadonlyMap<string, ConversionApiTestResult>>(new Map());

  async function save(body: ConversionApiForm): Promise<boolean> {
    try {
      if (editing?.kind === 'edit') {
        await changing.mutateAsync({ params: { id: editing.conversionApi.id }, body });
        setResults((current) => new Map([...current].filter(([id]) => id !== editing.conversionApi.id)));
      } else {
        await adding.mutateAsync({ body });
      }
    } catch (error) {
      showFailure(error);
      return false;
    }
    showSuccess(CONVERSION_API_SAVED_TEXT);
    setEditing(null);
    return true;
  }

  async function sendTest(conversionApi: ConversionApi) {
    setTestingId(conversionApi.id);
    try {
      const result = await testing.mutateAsync({ params: { id: conversionApi.id } });
      setResults((current) => new Map(current).set(conversionApi.id, result));
    } catch (error) {
      showFailure(error);
    } finally {
      setTestingId(null);
    }
  }

  async function confirmDelete(conversionApi: ConversionApi) {
    setDeleting(null);
    try {
      await removing.mutateAsync({ params: { id: conversionApi.id } });
      showSuccess(CONVERSION_API_DELETED_TEXT);
    } catch (error) {
      showFailure(error);
    }
  }

  function act(action: ConversionApiAction, conversionApi: ConversionApi) {
    if (action === 'test') void sendTest(conversionApi);
    else if (action === 'edit') setEditing({ kind: 'edit', conversionApi });
    else setDeleting(conversionApi);
  }

  return (
    <section className="conversion-apis" aria-labelledby="conversion-apis-title">
      <div className="conversion-apis__header">
        <h2 id="conversion-apis-title" className="conversion-apis__title">
          Conversion APIs
        </h2>
        <button type="button" className="button" onClick={() => setEditing({ kind: 'add' })}>
          Add Conversion API
        </button>
      </div>
      <p className="conversion-apis__intro">{CONVERSION_APIS_INTRO}</p>
      {list.isError && <p className="conversion-apis__empty">{CONVERSION_APIS_NOT_LOADED_TEXT}</p>}
      {list.data && (
        <ConversionApiList
          conversionApis={list.data}
          testingId={testingId}
          results={results}
          onAction={act}
        />
      )}
      {editing && (
        <ConversionApiFormModal
          editing={editing.kind === 'edit' ? editing.conversionApi : undefined}
          onSave={save}
          onCancel={() => setEditing(null)}
        />
      )}
      {deleting && (
        <ConfirmationModal
          confirmLabel="Delete"
          destructive
          onConfirm={() => confirmDelete(deleting)}
          onCancel={() => setDeleting(null)}
        >
          <p>{deleteConversionApiText(deleting.name)}</p>
        </ConfirmationModal>
      )}
    </section>
  );
}
