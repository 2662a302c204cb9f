import { getClientConfig } from '../../config/clientConfig';

export const DOMAIN_INPUT_HINT =
  'Enter the domain without http:// or https://, for example quiz.example.com.';
export const ADD_FAILED_TITLE = "That didn't work";
export const DOMAIN_TAKEN_TITLE = 'Domain Already Added';
export const DOMAIN_REMOVED_TEXT = 'Delete complete.';

/** Where a custom domain's CNAME record must point: the host published quizzes are served from. */
export function publishHostname(): string {
  return new URL(getClientConfig().publishUrl).hostname;
}

export const notPointingText = (host: string) =>
  `We could not confirm that ${host} points at us. Configure the domain at your domain registrar first: ` +
  `add a CNAME record for ${host} with the value ${publishHostname()}. DNS changes can take 10-20 minutes ` +
  'to take effect, and sometimes up to 24 hours, so please try again later.';

export const domainTakenText = (host: string) => `${host} is already added to another account.`;

export const removeDomainText = (host: string) =>
  `Quizzes published on ${host} will be taken down, and visitors will no longer reach them there. ` +
  'You can publish them again on another domain.';
