import { DomainSelect } from './DomainSelect';
import { PublishAddressField } from './PublishAddressField';

interface ReadyToPublishSectionProps {
  domain: string | null;
  onPublish: () => void;
}

export function ReadyToPublishSection({ domain, onPublish }: ReadyToPublishSectionProps) {
  return (
    <div className="publish-tab__section">
      <h2 className="publish-tab__title">Ready to publish</h2>
      <DomainSelect />
      <PublishAddressField host={domain} isLive={false} />
      <div className="publish-tab__actions">
        <button type="button" className="button" onClick={onPublish}>
          Publish
        </button>
      </div>
    </div>
  );
}
