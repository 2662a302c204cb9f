import { type LivePreviewLook, livePreviewPageEndpoint } from '@quizbeam/contracts/publishing';
import type { Quiz } from '@quizbeam/contracts/quiz';
import { useCallback, useRef, useState } from 'react';
import { useLocation } from 'react-router';
import { urlOf } from '../../../api/apiClient';
import { Toggle } from '../../../ui/Toggle';
import { DeviceFrame } from '../../preview/DeviceFrame';
import { PreviewWidthSwitch } from '../../preview/PreviewWidthSwitch';
import { useMe } from '../../session/useMe';
import { useEditedItem } from '../editedItem';
import { useQuizStore } from '../store/quizStoreHooks';
import { lookOf } from './livePreviewLook';
import { editorTabOf, paneScreenFor } from './livePreviewScreen';
import { useLivePreviewSettings, useWideScreen } from './livePreviewSettings';
import { LIVE_PREVIEW_DEVICE_LABEL } from './livePreviewTexts';
import { useLivePreviewUpdates } from './useLivePreviewUpdates';
import './LivePreviewPane.css';

export const LIVE_PREVIEW_TITLE = 'Live preview';
/** Scripts only: no forms, popups or navigation of the editor, and an opaque origin (the page's own policy too). */
export const LIVE_PREVIEW_SANDBOX = 'allow-scripts';

/**
 * The live preview beside the editor on wide screens: the item being edited as the published page draws it,
 * following each change; hidden and shown with its switch, drawn at a phone's or a desktop's width.
 */
export function LivePreviewPane() {
  const isWide = useWideScreen();
  const settings = useLivePreviewSettings();
  if (!isWide) return null;
  if (!settings.open) {
    return (
      <aside className="live-preview live-preview--closed" aria-label={LIVE_PREVIEW_TITLE}>
        <Toggle label={LIVE_PREVIEW_TITLE} checked={false} onChange={() => settings.setOpen(true)} />
      </aside>
    );
  }
  return (
    <aside className="live-preview live-preview--open" aria-label={LIVE_PREVIEW_TITLE}>
      <div className="live-preview__bar">
        <Toggle label={LIVE_PREVIEW_TITLE} checked onChange={() => settings.setOpen(false)} />
        <PreviewWidthSwitch
          device={settings.device}
          onChange={settings.setDevice}
          label={LIVE_PREVIEW_DEVICE_LABEL}
        />
      </div>
      <LivePreviewFrame device={settings.device} />
    </aside>
  );
}

interface LivePreviewFrameProps {
  device: ReturnType<typeof useLivePreviewSettings>['device'];
}

/**
 * The pane's page is drawn in the quiz's look, which its address carries; a new look loads it in a new frame,
 * which leaves no entry in the browser's history. The quiz itself goes by message.
 */
function LivePreviewFrame({ device }: LivePreviewFrameProps) {
  const store = useQuizStore();
  const accountId = useMe().account.id;
  const frameRef = useRef<HTMLIFrameElement>(null);
  const [page, setPage] = useState(() => ({ look: lookOf(store.getState().current), version: 0 }));

  const tab = editorTabOf(useLocation().pathname);
  const editedItem = useEditedItem();
  const screenOf = useCallback((quiz: Quiz) => paneScreenFor(tab, editedItem, quiz), [tab, editedItem]);
  const reloadWith = useCallback(
    (look: LivePreviewLook) => setPage((current) => ({ look, version: current.version + 1 })),
    [],
  );
  useLivePreviewUpdates({ store, frameRef, screenOf, pageLook: page.look, reloadWith });

  return (
    <DeviceFrame
      key={page.version}
      device={device}
      title={LIVE_PREVIEW_TITLE}
      sandbox={LIVE_PREVIEW_SANDBOX}
      src={urlOf(livePreviewPageEndpoint, { params: { account: accountId }, query: page.look })}
      frameRef={frameRef}
      className="live-preview__screen"
    />
  );
}
