import { type LeadsChallengeItem, leadsChallengeDownloadPath } from '@quizbeam/contracts/leadsChallenge';

export function leadsChallengeItem(
  overrides: Partial<LeadsChallengeItem> & { id: string },
): LeadsChallengeItem {
  return {
    title: '30-day lead magnet plan',
    description: 'A day-by-day plan for your first 1,000 leads.',
    fileName: 'lead-magnet-plan.pdf',
    contentType: 'application/pdf',
    size: 1_258_291,
    downloadUrl: leadsChallengeDownloadPath(overrides.id),
    createdAt: '2026-03-02T10:00:00.000Z',
    ...overrides,
  };
}

export const planItem = leadsChallengeItem({ id: '0b7f3c2e-8a41-4d6b-9c1e-2f3a4b5c6d01' });
export const swipeFileItem = leadsChallengeItem({
  id: '0b7f3c2e-8a41-4d6b-9c1e-2f3a4b5c6d02',
  title: 'Swipe file',
  description: '',
  fileName: 'swipe-file.zip',
  contentType: 'application/zip',
  size: 512,
});
