import { EmptyState } from './EmptyState';
import { PageHeader } from './PageHeader';

interface UpcomingScreenProps {
  title: string;
  showBackArrow?: boolean;
}

/** A screen whose content arrives with a later feature: its header and the empty-state card. */
export function UpcomingScreen({ title, showBackArrow }: UpcomingScreenProps) {
  return (
    <>
      <PageHeader title={title} showBackArrow={showBackArrow} />
      <EmptyState />
    </>
  );
}
