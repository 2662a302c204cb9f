import { type BrowserTracking, NO_BROWSER_TRACKING } from '@quizbeam/contracts/measurement';
import {
  getTrackingDefaultsEndpoint,
  saveTrackingDefaultsEndpoint,
  TRACKING_DEFAULTS_SAVED_TEXT,
} from '@quizbeam/contracts/trackingDefaults';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { endpointKey } from '../../api/endpointKey';
import { useEndpointMutation, useEndpointQuery } from '../../api/endpointQuery';
import { showDefaultError } from '../../ui/notifications/DefaultErrorMessage';
import { showSuccess } from '../../ui/notifications/notificationStore';
import { Toggle } from '../../ui/Toggle';
import { TagIdFields } from '../editor/tracking/TagIdFields';
import {
  checkTagId,
  checkTagIds,
  type TagIdKey,
  type TagIdTexts,
  tagIdTextsOf,
} from '../editor/tracking/tagIds';
import { ASK_CONSENT_HINT, ASK_CONSENT_LABEL, TAG_ID_BLANK_NOTE } from '../editor/tracking/trackingTexts';
import { TRACKING_DEFAULTS_NOTE, TRACKING_DEFAULTS_TITLE } from './scriptTexts';
import './ScriptCards.css';

interface TrackingForm {
  texts: TagIdTexts;
  askConsent: boolean;
}

const formOf = (tracking: BrowserTracking): TrackingForm => ({
  texts: tagIdTextsOf(tracking),
  askConsent: tracking.askConsent,
});

/** The tags every quiz that follows the account turns on, on the account's Scripts page. */
export function TrackingDefaultsCard() {
  const titleId = useId();
  const queryClient = useQueryClient();
  // A failed load shows the default error (the query cache reports it).
  const saved = useEndpointQuery(getTrackingDefaultsEndpoint, {});
  // Save answers the stored defaults: the query takes them, with no need to ask again.
  const saving = useEndpointMutation(saveTrackingDefaultsEndpoint, {
    onSuccess: (stored) => queryClient.setQueryData(endpointKey(getTrackingDefaultsEndpoint), stored),
  });
  // What the user typed until it is saved; before any, the saved defaults.
  const [edited, setEdited] = useState<TrackingForm | null>(null);
  // Each field's text when it was last left (or Save was pressed): its error shows until the text changes.
  const [checkedTexts, setCheckedTexts] = useState<Partial<TagIdTexts>>({});
  const form = edited ?? formOf(saved.data ?? NO_BROWSER_TRACKING);

  const errors: Partial<TagIdTexts> = {};
  for (const [key, text] of Object.entries(checkedTexts) as [TagIdKey, string][]) {
    const checked = checkTagId(key, text);
    if (!checked.ok && form.texts[key] === text) errors[key] = checked.error;
  }

  const change = (patch: Partial<TrackingForm>) => setEdited({ ...form, ...patch });

  async function save() {
    const checked = checkTagIds(form.texts);
    if (!checked.ok) {
      setCheckedTexts(form.texts);
      return;
    }
    try {
      await saving.mutateAsync({ body: { ...checked.values, askConsent: form.askConsent } });
    } catch (error) {
      showDefaultError(error);
      return;
    }
    setEdited(null);
    setCheckedTexts({});
    showSuccess(TRACKING_DEFAULTS_SAVED_TEXT);
  }

  return (
    <section className="card tracking-defaults" aria-labelledby={titleId}>
      <h2 id={titleId} className="tracking-defaults__title">
        {TRACKING_DEFAULTS_TITLE}
      </h2>
      <p className="tracking-defaults__note">{TRACKING_DEFAULTS_NOTE}</p>
      <p className="tracking-defaults__note">{TAG_ID_BLANK_NOTE}</p>
      <TagIdFields
        texts={form.texts}
        errors={errors}
        disabled={!saved.data}
        onChange={(key, text) => change({ texts: { ...form.texts, [key]: text } })}
        onBlur={(key) => setCheckedTexts((previous) => ({ ...previous, [key]: form.texts[key] }))}
      />
      <div>
        <Toggle
          label={ASK_CONSENT_LABEL}
          checked={form.askConsent}
          disabled={!saved.data}
          onChange={(askConsent) => change({ askConsent })}
        />
        <p className="field__hint">{ASK_CONSENT_HINT}</p>
      </div>
      <div>
        <button type="button" className="button" disabled={!saved.data || saving.isPending} onClick={save}>
          Save
        </button>
      </div>
    </section>
  );
}
