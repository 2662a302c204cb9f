import { PageHeader } from '../../../ui/PageHeader';
import { BrowserTagsSection } from './BrowserTagsSection';
import { TRACKING_TAB_TITLE } from './trackingTexts';
import { UrlFieldsSection } from './UrlFieldsSection';
import './TrackingTab.css';

/** The quiz editor's Tracking tab: the URL fields it keeps and the tags it turns on (saved with the quiz). */
export function TrackingTab() {
  return (
    <>
      <PageHeader title={TRACKING_TAB_TITLE} />
      <div className="tracking">
        <UrlFieldsSection />
        <BrowserTagsSection />
      </div>
    </>
  );
}
