import { AUTORESPONDER_LABELS, type AutoresponderService } from '@quizbeam/contracts/integrations';

export const NO_CONNECTIONS_TEXT = 'No integrations yet. Add one to send your leads to your email service.';
export const PICKER_INTRO = 'Choose the email service to send your leads to.';
export const STATUS_LOADING_TEXT = 'Loading';
export const STATUS_ACTIVE_TEXT = 'Active';
export const STATUS_INACTIVE_TEXT = 'Inactive';
export const STATUS_UNCHECKED_TEXT = 'The status could not be checked just now; this is the last one known.';
export const OAUTH_NOTE =
  'You will sign in to your account with the service and allow Quizbeam to add contacts.';
export const CONNECT_FAILED_TEXT = 'The service did not accept these details.';
/** The connection name's rule, said before anyone can break it. */
export const CONNECTION_NAME_HINT =
  'Latin letters (A to Z), digits, round brackets, spaces and apostrophes, such as "Ada\'s list (EU)".';

export const disconnectText = (name: string, service: AutoresponderService) =>
  `Disconnect "${name}" (${AUTORESPONDER_LABELS[service]})? Quizzes sending their leads to it stop delivering there.`;
export const connectFailedText = (service: AutoresponderService) =>
  `Your ${AUTORESPONDER_LABELS[service]} account was not connected.`;
export const fieldRequiredText = (label: string) => `Please enter the ${label}.`;
