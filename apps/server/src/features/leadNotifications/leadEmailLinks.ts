import type { LeadEmailLinks } from '../../email/leadNotificationMessages';
import { unsubscribeToken } from './unsubscribeToken';

/** Where the links of new-lead emails point, and the secret their unsubscribe links are signed with. */
export interface LeadEmailSettings {
  appUrl: string;
  basePath: string;
  secret: string;
}

export const leadsTabUrl = (settings: LeadEmailSettings, quizId: string): string =>
  `${settings.appUrl}${settings.basePath}/quizzes/${quizId}/leads`;

export const unsubscribeUrl = (settings: LeadEmailSettings, quizId: string, email: string): string =>
  `${settings.appUrl}${settings.basePath}/lead-emails/unsubscribe/${unsubscribeToken(settings.secret, { quizId, email })}`;

/** The links of one recipient's email about a quiz's leads. */
export const leadEmailLinks = (
  settings: LeadEmailSettings,
  quizId: string,
  email: string,
): LeadEmailLinks => ({
  leadsUrl: leadsTabUrl(settings, quizId),
  unsubscribeUrl: unsubscribeUrl(settings, quizId, email),
});
